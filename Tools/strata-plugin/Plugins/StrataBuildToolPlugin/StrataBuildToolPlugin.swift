import Foundation
import PackagePlugin

/// Checks a target's imports when its files change: strata's findings appear in the build log
/// as compiler-style `file:line:col: error: message` lines, and an error fails `swift build`,
/// as SwiftLint's build-tool plugin does.
///
/// A build command, not a prebuild command: SwiftPM runs it only when an input changed (the
/// target's Swift files, the package description, strata.yml, the baseline), where a prebuild
/// command runs on every build and buries the findings under a dump of its own configuration.
/// Only the findings about this target are reported (`--target`): its imports, its declared
/// dependencies, its layer; `--format xcode` gives them absolute paths, as compilers print them.
/// The package description comes from `context.package` (`--package-json`), never from
/// `swift package dump-package` inside the build: that would evaluate the manifest a second time,
/// wait for the build's own lock unless told not to, and cannot run in macOS's plugin sandbox.
@main
struct StrataBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !files.isEmpty else { return [] }
        let root = context.package.directoryURL
        let description = context.pluginWorkDirectoryURL.appendingPathComponent("package.json")
        try PackageDescriptionFile(context.package).write(to: description)
        let rules = ["strata.yml", "strata-baseline.json"].map { root.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return [
            .buildCommand(
                displayName: "strata lint \(target.name)",
                executable: try context.tool(named: "strata").url,
                arguments: [
                    "lint", "--quiet", "--format", "xcode", "--path", root.path, "--package-json", description.path,
                    "--target", target.name,
                ],
                inputFiles: files + [description] + rules,
                // None: SwiftPM still runs a command without outputs, whenever an input changed.
                outputFiles: [])
        ]
    }
}
