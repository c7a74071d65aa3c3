import Foundation
import PackagePlugin

/// `swift package strata <command>`: runs strata on the package the plugin is invoked in.
///
/// One file for both packages that offer the command: this prebuilt one, whose first run
/// downloads one artifact bundle instead of building the tool, and the tool's own package
/// (Tools/strata/Plugins/StrataPlugin/StrataPlugin.swift is a link to this file), which builds it.
/// Arguments pass through unchanged. `init`, `new`, `remove`, `upgrade`, `lint --fix` and
/// `lint --write-baseline` write into the package: run them with
/// `swift package --allow-writing-to-package-directory strata …` (macOS's plugin sandbox).
@main
struct StrataCommandPlugin: CommandPlugin {
    /// Subcommands that take `--path`; the plugin points them at the package it runs in.
    static let packageCommands: Set<String> = ["lint", "graph", "init", "new", "remove", "upgrade", "templates"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // A binary target's executable is found under the artifact's name, a source-built one
        // under its target's.
        let tool = try (try? context.tool(named: "strata")) ?? context.tool(named: "StrataCLI")
        // `swift package strata`, alone or with options only, lints.
        let namesCommand = arguments.first.map { !$0.hasPrefix("-") } ?? false
        var arguments = namesCommand ? arguments : ["lint"] + arguments
        if Self.packageCommands.contains(arguments[0]), !arguments.contains("--path") {
            arguments.insert(contentsOf: ["--path", context.package.directoryURL.path], at: 1)
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        // strata has printed its findings or its error; SwiftPM only needs to know the run failed.
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw StrataFailed(status: process.terminationStatus)
        }
    }
}

/// strata exited with a failure status; its own output says why.
struct StrataFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "strata exited with status \(status)" }
}
