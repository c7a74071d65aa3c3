import Foundation
import StrataLint

/// Where a diagnostic's rule is explained, for its `codeDescription`: the rule's own entry in the
/// rules file for the rules it defines, else a page written once under `.build/strata/rules/`
/// from the built-in rule's description (strata ships no web site an editor could open).
struct RuleDocs {
    let root: URL
    private let folder: URL

    init(root: URL) {
        self.root = root
        folder = root.appendingPathComponent(".build/strata/rules", isDirectory: true)
    }

    /// The link for `rule`, or nil when no page could be written.
    func link(for rule: String, rules: Rules, place: (line: Int, column: Int)?) -> String? {
        if let place, BuiltInRule(rawValue: rule) == nil {
            return root.appendingPathComponent(rules.file).absoluteString + "#L\(place.line)"
        }
        let page = folder.appendingPathComponent(rule + ".md")
        if FileManager.default.fileExists(atPath: page.path) { return page.absoluteString }
        let text =
            "# \(rule)\n\n\(RuleCatalog.describe(rule, rules: rules))\n\n"
            + "Run `strata lint` in the package for every finding of this rule; docs/StrataLint.md in strata's sources describes each rule and its options.\n"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: page, options: .atomic)
            return page.absoluteString
        } catch {
            return nil  // a read-only .build costs the link, nothing else
        }
    }
}
