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
        // Listed on every build, so a template added or removed re-runs the embedder. Links are
        // followed: a template file that is a link to a live file re-runs it when that file changes.
        let inputs = files(below: templates)
        return [
            .buildCommand(
                displayName: "Embedding strata's built-in templates",
                executable: try context.tool(named: "StrataTemplateEmbedder").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// Every file below `folder`, through symbolic links to files and folders.
    private func files(below folder: URL) -> [URL] {
        let entries = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return entries.flatMap { entry -> [URL] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory) else { return [] }
            return isDirectory.boolValue ? files(below: entry) : [entry.resolvingSymlinksInPath()]
        }
    }
}
