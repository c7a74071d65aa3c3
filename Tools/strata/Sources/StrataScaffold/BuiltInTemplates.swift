import Foundation

/// The template sets compiled into strata from its Templates/ folder (see StrataTemplatesPlugin).
///
/// `Feature` is the monorepo's shape (a `Feature(…)` entry), `Layers` the same layers for any
/// package (targets in SwiftPM's default layout), `Workspace` what `strata create` writes.
enum BuiltInTemplates {
    /// Every built-in set, decoded once.
    static let sets: [TemplateSet] = {
        var folders: [String: [String: Data]] = [:]
        var descriptions: [String: Data] = [:]
        for (path, base64) in archive {
            guard let data = Data(base64Encoded: base64) else { continue }
            let parts = path.split(separator: "/", maxSplits: 2).map(String.init)
            if parts.count == 2, parts[1] == TemplateSet.descriptionFile {
                descriptions[parts[0]] = data
            } else if parts.count == 3, parts[1] == "files" {
                folders[parts[0], default: [:]][parts[2]] = data
            }
        }
        // A built-in set that does not decode is a bug the tests catch; it is left out rather than crash.
        return descriptions.keys.sorted().compactMap { name in
            try? TemplateSet(
                descriptionData: descriptions[name] ?? Data(), contents: folders[name] ?? [:], origin: .builtIn)
        }
    }()

    /// The set `strata create` writes: a whole package, not a feature.
    static let workspace = "Workspace"

    /// The built-in set named `name`.
    static func set(named name: String) -> TemplateSet? { sets.first { $0.description.name == name } }
}
