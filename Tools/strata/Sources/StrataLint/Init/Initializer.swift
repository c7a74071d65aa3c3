import Foundation

/// `strata init`: a strata.yml that accepts a package as it is today, and the baseline of its current violations.
public enum Initializer {
    /// What `strata init` would write.
    public struct Proposal: Sendable {
        /// The rules file's text, with comments.
        public var rules: String
        /// The baseline's JSON, or nil when the package has no violation under the inferred rules.
        public var baseline: Data?
        /// How many violations the baseline holds.
        public var knownViolations: Int
        /// How many layers were inferred.
        public var layers: Int
    }

    /// The baseline's file name, beside strata.yml.
    public static let baselineFile = "strata-baseline.json"

    /// Reads the package at `packageDirectory` (its manifest, or `packageJSON`, and every import) and proposes its rules.
    ///
    /// With `sourceCache` other than `.off`, the files' facts come from the source cache in
    /// `.build/strata` where their bytes did not change (init reads no rules, so its entries are
    /// its own, apart from lint's).
    public static func propose(
        packageDirectory: URL, packageJSON: URL? = nil, reading: GraphLoader.Reading = .init(),
        sourceCache: SourceCache.Use = .off
    ) throws -> Proposal {
        let root = packageDirectory.standardizedFileURL
        let graph = try GraphLoader.load(packageDirectory: root, dumpFile: packageJSON, reading: reading).graph
        // Init reads imports alone: the rules it writes check nothing else.
        let reader = SwiftFileReader(builds: Builds(modules: graph.knownModules), extent: .imports)
        let cache = SourceCache(sourceCache, folder: nil, root: root, reader: reader)
        let files = PackageScanner.read(graph: graph, root: root, reader: reader, cache: cache).files
        let inferred = InferredLayers(graph: graph, files: files)

        // The text is checked by the real parser and checks, so what is written is what lint reads.
        func check(_ text: String) throws -> LintResult {
            let rules = try RulesParser.parse(text, file: "strata.yml")
            return try Linter.check(rules: rules, graph: graph, root: root, baseline: nil, files: files)
        }
        let plain = RulesWriter.text(inferred, packageName: graph.name, baseline: nil)
        let result = try check(plain)
        let errors = result.findings.filter { $0.severity == .error }
        guard !errors.isEmpty else {
            return Proposal(rules: plain, baseline: nil, knownViolations: 0, layers: inferred.layers.count)
        }
        let withBaseline = RulesWriter.text(inferred, packageName: graph.name, baseline: baselineFile)
        _ = try check(withBaseline)
        return Proposal(
            rules: withBaseline, baseline: try Baseline(findings: errors).encoded(), knownViolations: errors.count,
            layers: inferred.layers.count)
    }
}
