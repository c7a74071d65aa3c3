import Foundation
import PackagePlugin

/// Compiles the built-in template sets (the target's `Templates/` folder) into the target.
///
/// The templates stay plain files, edited and reviewed as such; the binary carries them, so a
/// prebuilt `strata` needs no folder beside it.
@main
struct StrataTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = target.directoryURL.appendingPathComponent("Templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedTemplates.swift")
        // Listed on every build, so a template added or removed re-runs the embedder.
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding strata's built-in templates",
                executable: try context.tool(named: "StrataTemplateEmbedder").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
