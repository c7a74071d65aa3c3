import Foundation

/// `strata init --upgrade-rules`: a version-1 strata.yml moved to version 2, each layer's
/// `may_use` gaining the products and modules its targets use today that no layer lists.
///
/// Only those lines change: comments, order and layout stay as written, so the diff is the upgrade.
public enum RulesUpgrade {
    /// What the upgrade would write.
    public struct Proposal: Sendable {
        /// The rules file's path relative to the package root, as messages show it.
        public var file: String
        /// The rules file's text now.
        public var original: String
        /// The text after the upgrade (the same text when the file is at version 2 already).
        public var upgraded: String
        /// The names added to each layer's `may_use`, by layer, in the file's order.
        public var added: [(layer: String, names: [String])]
        /// Whether the file was at version 2 already.
        public var wasCurrent: Bool
    }

    /// Lints the package under its version-1 rules and proposes the version-2 file that lists
    /// every `unlisted-dependency` it finds in the layer of the target that uses it.
    public static func propose(_ options: LintOptions) throws -> Proposal {
        let root = options.packageDirectory.standardizedFileURL
        let url = options.rulesFile ?? root.appendingPathComponent("strata.yml")
        let file = Linter.relativePath(url, to: root)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ConfigError(file: file, "cannot read the rules file; run `strata init` to write one")
        }
        let original = String(decoding: data, as: UTF8.self)
        let rules = try RulesParser.parse(original, file: file)
        guard rules.version < 2 else {
            return Proposal(file: file, original: original, upgraded: original, added: [], wasCurrent: true)
        }
        var options = options
        options.changedFiles = nil
        options.targets = nil
        let result = try Linter.run(options)
        var names: [String: Set<String>] = [:]
        let unlisted = result.findings.filter { $0.rule == BuiltInRule.unlistedDependency.id }
        // Other layers first: a test target may use what its target's layer lists, so what that
        // layer gains needs no line in the tests' layer.
        let isTest = { (finding: Finding) in result.classification[finding.target]?.tested != nil }
        for finding in unlisted.filter({ !isTest($0) }) + unlisted.filter(isTest) {
            guard let assignment = result.classification[finding.target], let module = finding.dependency else {
                continue
            }
            if let tested = assignment.tested, let testedLayer = result.layer(of: tested),
                names[testedLayer]?.contains(module) == true
            {
                continue
            }
            names[rules.layers[assignment.layer].name, default: []].insert(module)
        }
        let added = rules.layers.compactMap { layer in
            names[layer.name].map { (layer: layer.name, names: $0.sorted()) }
        }
        let upgraded = try YAMLListEditor(text: original, file: file).upgraded(adding: added)
        // What is written is what lint reads: the new file parses, and lists every name it adds.
        _ = try RulesParser.parse(upgraded, file: file)
        return Proposal(file: file, original: original, upgraded: upgraded, added: added, wasCurrent: false)
    }
}
