import ArgumentParser
import Foundation
import StrataLint
import StrataScaffold

/// `strata`: the repository's own tool; each job is a subcommand (see Subcommands.swift).
@main
struct Strata: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Scaffold layered features, check the architecture, draw the module graph.",
        version: StrataVersion.current,
        subcommands: subcommands)

    /// Parses and runs a subcommand. Argument errors exit with 64 (EX_USAGE), as in every app;
    /// the checker keeps 0 clean, 1 violations, 2 a configuration error (docs/StrataLint.md);
    /// errors a subcommand throws while running keep their own exit code.
    static func main() async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(StrataError.Kind.usage.exitCode)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var syncCommand = command
                try syncCommand.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
