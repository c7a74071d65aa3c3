import Foundation

/// Known violations: they are reported as known and do not fail the run; new ones do.
///
/// Entries are keyed by rule, target, dependency and relative file, never by line, so
/// editing a file does not churn the baseline. The same key may occur several times (`count`).
public struct Baseline: Codable, Sendable, Equatable {
    /// One known violation (or several with the same key).
    public struct Entry: Codable, Sendable, Equatable {
        /// The rule broken.
        public var rule: String
        /// The depending target.
        public var target: String
        /// The module depended on, if any.
        public var dependency: String?
        /// The file relative to the package root, if any.
        public var file: String?
        /// How many findings share this key.
        public var count: Int

        /// The key findings are matched on.
        public var key: String { [rule, target, dependency ?? "", file ?? ""].joined(separator: "|") }
    }

    /// The format's version.
    public var version = 1
    /// The entries, sorted by key.
    public var entries: [Entry]

    /// A baseline that knows every error in `findings`.
    public init(findings: [Finding]) {
        var counts: [String: (Finding, Int)] = [:]
        for finding in findings where finding.severity == .error {
            counts[finding.key, default: (finding, 0)].1 += 1
        }
        entries = counts.values.map { finding, count in
            Entry(
                rule: finding.rule, target: finding.target, dependency: finding.dependency, file: finding.file,
                count: count)
        }.sorted { $0.key < $1.key }
    }

    /// Reads a baseline file.
    public static func read(_ url: URL) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ConfigError(
                file: url.path, "cannot read the baseline; check the path or create it with --write-baseline")
        }
        do {
            return try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw ConfigError(
                file: url.path,
                "the baseline is not valid JSON of strata's baseline format; recreate it with --write-baseline")
        }
    }

    /// The baseline as stable, pretty-printed JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Marks the findings the baseline knows, and returns the entries (or parts) that no longer occur.
    public func apply(to findings: inout [Finding]) -> [Entry] {
        var remaining = Dictionary(entries.map { ($0.key, $0.count) }, uniquingKeysWith: +)
        for index in findings.indices where findings[index].severity == .error {
            let key = findings[index].key
            if let left = remaining[key], left > 0 {
                findings[index].known = true
                remaining[key] = left - 1
            }
        }
        return entries.compactMap { entry in
            guard let left = remaining[entry.key], left > 0 else { return nil }
            remaining[entry.key] = 0
            var stale = entry
            stale.count = left
            return stale
        }
    }
}
