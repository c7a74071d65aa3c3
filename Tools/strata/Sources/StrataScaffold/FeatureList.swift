/// Edits Package.swift's `features` list: one line per feature, before the `// strata:features` marker.
///
/// Only that one line changes, so a hand-written manifest keeps its formatting and the
/// change shows as a one-line diff.
public struct FeatureList: Sendable, Equatable {
    /// The comment that ends the list.
    public static let marker = "// strata:features"

    /// The manifest's text.
    public let text: String

    /// Wraps a manifest's text.
    public init(text: String) { self.text = text }

    /// The manifest with `entry` added as its own line before the marker, indented like it.
    ///
    /// - Throws: `StrataError.validation` when the marker is missing or appears twice.
    public func inserting(_ entry: String, template: String = "Feature") throws -> FeatureList {
        var lines = text.components(separatedBy: "\n")
        guard lines.contains(where: { $0.trimmingCharacters(in: .whitespaces) == Self.marker }) else {
            throw StrataError.validation(
                "the \(template) template adds a `Feature(…)` entry, and Package.swift has no `\(Self.marker)` list; use `--template Layers` (targets in SwiftPM's default layout) or start from `strata create`"
            )
        }
        let index = try markerIndex(lines)
        let indentation = String(lines[index].prefix { $0 == " " || $0 == "\t" })
        lines.insert(indentation + entry + ",", at: index)
        return FeatureList(text: lines.joined(separator: "\n"))
    }

    /// Every line that declares a feature, in order.
    public var entries: [String] {
        text.components(separatedBy: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Feature(\"") }
    }

    /// The line that declares feature `name`, if there is one.
    public func entryLine(for name: String) -> String? {
        text.components(separatedBy: "\n").first { Self.declares($0, name) }
    }

    /// The manifest without `line`, which must appear exactly once.
    ///
    /// - Throws: `StrataError.conflict` when the line is not there exactly once.
    public func removing(line: String) throws -> FeatureList {
        var lines = text.components(separatedBy: "\n")
        let matching = lines.indices.filter { lines[$0] == line }
        guard matching.count == 1, let index = matching.first else {
            throw StrataError.conflict(
                "Package.swift does not have the line strata added (\(line.trimmingCharacters(in: .whitespaces))) exactly once; it was edited, so remove the feature by hand or pass --force"
            )
        }
        lines.remove(at: index)
        return FeatureList(text: lines.joined(separator: "\n"))
    }

    private func markerIndex(_ lines: [String]) throws -> Int {
        let found = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == Self.marker }
        guard found.count == 1, let index = found.first else {
            throw StrataError.validation(
                "Package.swift needs exactly one `\(Self.marker)` line closing the `features` list (found \(found.count)); add it before the list's `]`"
            )
        }
        return index
    }

    /// Whether `line` is the entry `Feature("name", …)`, and not a comment.
    static func declares(_ line: String, _ name: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("Feature(\"\(name)\"")
    }
}
