import Foundation
import StrataLint

/// Where in the rules file the rule behind a finding is written, and what the file says of it.
enum RulePlaces {
    /// The rules-file entry that decides `finding`: the rule the file defines, else the `may_use`
    /// of the layer the finding's target is in.
    static func place(of finding: Finding, in result: LintResult) -> (line: Int, column: Int)? {
        let rules = result.rules
        if let rule = rules.forbidden.first(where: { $0.id == finding.rule }) {
            return (rule.place.line, rule.place.column)
        }
        if let rule = rules.forbiddenText.first(where: { $0.id == finding.rule }) {
            return (rule.place.line, rule.place.column)
        }
        if let rule = rules.declarations.first(where: { $0.id == finding.rule }) {
            return (rule.place.line, rule.place.column)
        }
        if finding.file == rules.file, let line = finding.line {
            return (line, finding.column ?? 1)
        }
        guard let name = result.layer(of: finding.target), let layer = rules.layer(named: name) else { return nil }
        let place = layer.mayUse.first?.place ?? layer.place
        return (place.line, place.column)
    }

    /// The comment lines written just above the 1-based `line` of the rules file: the file's own
    /// words on why the entry there is as it is.
    static func comment(above line: Int, in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var taken: [Substring] = []
        var index = line - 2
        while index >= 0, index < lines.count {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#") else { break }
            taken.insert(trimmed.dropFirst().drop { $0 == " " }, at: 0)
            index -= 1
        }
        return taken.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
