import Foundation
import PackagePlugin

/// `swift package strata <command>`: runs the strata tool on the package the plugin is invoked in.
///
/// `lint` (the default) and `graph` only read the package. `init`, `new`, `remove`, `lint --fix`
/// and `lint --write-baseline` write into it: run them as `swift package
/// --allow-writing-to-package-directory strata init`, which opens the package folder in
/// SwiftPM's plugin sandbox (macOS; Linux has none). Arguments pass through unchanged.
@main
struct StrataPlugin: CommandPlugin {
    /// Subcommands that take `--path`; the plugin points them at the package it runs in.
    static let packageCommands: Set<String> = ["lint", "graph", "init", "new", "remove", "templates"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // A plugin sees an executable target under the target's name.
        let tool = try context.tool(named: "StrataCLI")
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
