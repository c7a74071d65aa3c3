import ArgumentParser
import Foundation
import StrataLSP

/// `strata lsp`: the checker in the editor, as a Language Server Protocol server on standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the architecture checks to an editor (Language Server Protocol over stdio).",
        discussion: """
            Diagnostics for the open Swift files as you type, the package's own findings on Package.swift, \
            quick fixes that edit Package.swift as `strata lint --fix` does, and hover on imports.
            Standard output carries the protocol alone; messages for a person go to standard error.
            Exit status: 0 after the client's shutdown and exit, 1 when the input ends or exit comes without shutdown.

            Example: strata lsp --path ~/src/MyPackage
            """)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The package's root folder (default: the package holding the editor's workspace folder).",
            valueName: "dir"))
    var path: String?

    @Option(
        name: .long, help: ArgumentHelp("The rules file (default: strata.yml in the package root).", valueName: "file"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read only the #if clauses this platform's builds compile (as os() names it; any: every platform, the default).",
            valueName: "name"))
    var platform: String?

    func run() throws {
        let server = LanguageServer(
            options: .init(
                packageDirectory: path.map { URL(fileURLWithPath: $0, isDirectory: true) },
                rulesFile: config.map(URL.init(fileURLWithPath:)), platform: platform),
            output: STDOUT_FILENO)
        throw ExitCode(server.run(input: STDIN_FILENO))
    }
}
