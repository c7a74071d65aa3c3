import Foundation

/// What to check and how.
public struct LintOptions: Sendable {
    /// The package's root folder.
    public var packageDirectory: URL
    /// The rules file; `strata.yml` in the package root by default.
    public var rulesFile: URL?
    /// A saved `swift package dump-package` output to read instead of evaluating the manifest.
    public var packageJSON: URL?
    /// A baseline of known violations; without one, the rules file's `baseline`, if it names one.
    public var baseline: URL?
    /// How Package.swift is read: through the manifest cache, or evaluated every run.
    public var reading: GraphLoader.Reading
    /// When set, only these source files (relative to the package root) are read: their imports
    /// are checked, with every manifest-level rule (see `Linter.fullRunChecks`).
    public var changedFiles: Set<String>?
    /// When set, only findings about these targets are reported (their imports, their declared
    /// dependencies, their layer): what a build-tool plugin checks for the target it builds.
    public var targets: Set<String>?
    /// When set, the platform (as `os()` names it, or `any`) whose builds are read, in place of
    /// the rules file's `conditions.os`.
    public var platform: String?
    /// Whether what the reader extracts from each file is kept in, and taken from, the source
    /// cache (`SourceCache`); off unless asked for, so a library caller chooses where to write.
    public var sourceCache = SourceCache.Use.off
    /// The source cache's folder; `.build/strata` in the package root by default.
    public var cacheDirectory: URL?
    /// Whether files are read on every core (else on one thread: the findings are the same).
    public var parallel = true
    /// How long a file must be left alone before the source cache records its stamp
    /// (`SourceCache.settleNanoseconds`); a test sets it below zero to stamp files it just wrote.
    var settleNanoseconds = SourceCache.settleNanoseconds

    /// Creates options for the package at `packageDirectory`.
    public init(
        packageDirectory: URL, rulesFile: URL? = nil, packageJSON: URL? = nil, baseline: URL? = nil,
        reading: GraphLoader.Reading = .init(), changedFiles: Set<String>? = nil
    ) {
        self.packageDirectory = packageDirectory
        self.rulesFile = rulesFile
        self.packageJSON = packageJSON
        self.baseline = baseline
        self.reading = reading
        self.changedFiles = changedFiles
    }
}

/// Figures about one run.
public struct LintStatistics: Sendable, Codable, Equatable {
    /// Targets in the package.
    public var targets = 0
    /// Features found.
    public var features = 0
    /// Swift files read (parsed with swift-syntax, or their facts taken from the source cache).
    public var files = 0
    /// Import declarations found.
    public var imports = 0
    /// Seconds spent evaluating the manifest (`swift package dump-package`) or reading its cached output.
    public var manifestSeconds = 0.0
    /// Where the package description came from.
    public var manifestSource = ManifestSource.saved
    /// Files parsed with swift-syntax; the others' facts came from the source cache.
    public var parsed = 0
    /// Files opened and read; the source cache knew the others unchanged from their stamps.
    public var opened = 0
    /// Seconds spent finding and reading source files.
    public var scanSeconds = 0.0
    /// Seconds spent in the checks.
    public var checkSeconds = 0.0
}

/// The outcome of a run: the findings, stale baseline entries, and what was read.
public struct LintResult: Sendable {
    /// Every finding, sorted by file and line; known ones are marked.
    public var findings: [Finding]
    /// Baseline entries that no longer occur.
    public var staleBaseline: [Baseline.Entry]
    /// Figures about the run.
    public var statistics: LintStatistics
    /// The package's target graph.
    public var graph: PackageGraph
    /// The rules that were applied.
    public var rules: Rules
    /// The imports of each target's files.
    public var files: [String: [ScannedFile]]
    /// The package's folder, for reports that print absolute paths.
    public var packageDirectory: URL?
    let classification: Classification

    /// Errors not in the baseline: these fail the run.
    public var newErrors: [Finding] { findings.filter { $0.severity == .error && !$0.known } }
    /// 0 when nothing new is wrong, 1 otherwise.
    public var exitCode: Int32 { newErrors.isEmpty ? 0 : 1 }

    /// The layer `target` belongs to, if any.
    public func layer(of target: String) -> String? { classification[target].map { rules.layers[$0.layer].name } }
    /// The feature `target` belongs to, if any.
    public func feature(of target: String) -> String? { classification[target]?.feature }
    /// The features found, sorted.
    public var features: [String] { classification.features }
}

/// Runs every check on a package.
public enum Linter {
    /// The checks, in the order their findings are gathered.
    static let checks: [any Check] = [
        ClassificationCheck(), DeclaredDependencyCheck(), ImportCheck(), CycleCheck(), UnusedDependencyCheck(),
        RequiredTypeCheck(), ForbiddenTextCheck(), DeclarationRequirementCheck(), DeclarationProhibitionCheck(),
    ]

    /// Checks that need every file of a target, skipped when only changed files are read: a
    /// dependency no changed file imports is not unused, a type may be declared in another file
    /// (or gain its conformance in another file's extension).
    static let fullRunChecks: Set<String> = [
        "\(UnusedDependencyCheck.self)", "\(RequiredTypeCheck.self)", "\(DeclarationRequirementCheck.self)",
    ]

    /// Loads the rules, the graph and the sources, and runs every check; throws `ConfigError` on a bad setup.
    public static func run(_ options: LintOptions) throws -> LintResult {
        let root = options.packageDirectory.standardizedFileURL
        // The manifest is read on another thread while this one reads the rules: neither needs
        // the other. A bad rules file is still the error reported first.
        let graphRead = Results<Result<GraphLoader.Loaded, any Error>>(
            count: 1, empty: .failure(CancellationError()))
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            graphRead.set(
                0,
                Result {
                    try GraphLoader.load(
                        packageDirectory: root, dumpFile: options.packageJSON, reading: options.reading)
                })
        }
        let rulesRead = Result { try readRules(options, root: root) }
        group.wait()
        let (rules, baseline) = try rulesRead.get()
        let loaded = try graphRead.value(0).get()
        var statistics = LintStatistics()
        statistics.manifestSeconds = loaded.manifestSeconds
        statistics.manifestSource = loaded.source
        var result = try check(
            rules: rules, graph: loaded.graph, root: root, baseline: baseline, statistics: statistics,
            changedFiles: options.changedFiles, platform: options.platform, options: options)
        if let targets = options.targets {
            if let unknown = targets.sorted().first(where: { loaded.graph.target(named: $0) == nil }) {
                throw ConfigError(
                    file: "Package.swift", "--target \(unknown): the package has no such target; check its name")
            }
            // A partial run: other targets' findings and stale baseline entries are not its to report.
            result.findings = result.findings.filter { targets.contains($0.target) }
            result.staleBaseline = []
        }
        result.packageDirectory = root
        return result
    }

    /// The rules file and the baseline it or the options name.
    static func readRules(_ options: LintOptions, root: URL) throws -> (Rules, Baseline?) {
        let rulesURL = options.rulesFile ?? root.appendingPathComponent("strata.yml")
        let rulesPath = relativePath(rulesURL, to: root)
        guard let rulesData = FileManager.default.contents(atPath: rulesURL.path) else {
            throw ConfigError(
                file: rulesPath, "cannot read the rules file; create strata.yml in the package root or pass --config")
        }
        let rules = try RulesParser.parse(String(decoding: rulesData, as: UTF8.self), file: rulesPath)
        // An explicit --baseline wins; else the one the rules file names, if any.
        let baselineURL = options.baseline ?? rules.baseline.map { root.appendingPathComponent($0) }
        return (rules, try baselineURL.map(Baseline.read))
    }

    /// Runs every check of `rules` on `graph`; `files` are the sources already scanned, if they were.
    static func check(
        rules: Rules, graph: PackageGraph, root: URL, baseline: Baseline?,
        files scanned: [String: [ScannedFile]]? = nil,
        statistics: LintStatistics = LintStatistics(), changedFiles: Set<String>? = nil, platform: String? = nil,
        options: LintOptions? = nil
    ) throws -> LintResult {
        var rules = rules
        var statistics = statistics
        rules.conditions.modules = graph.knownModules
        if let platform { rules.conditions.os = platform == "any" ? nil : platform }

        // The rules are resolved before any file is read: a rule that names nothing fails fast,
        // and the scanner learns which targets' string literals a text rule needs.
        var clock = Date()
        let classification = Classification(rules: rules, graph: graph)
        let policy = try Policy(rules: rules, graph: graph, classification: classification)
        let sourceRules = try SourceRules(rules: rules, graph: graph, classification: classification)
        let resolveSeconds = Date().timeIntervalSince(clock)

        clock = Date()
        let files: [String: [ScannedFile]]
        if let scanned {
            files = scanned
        } else {
            let reader = SwiftFileReader(
                builds: rules.conditions, watchedNames: sourceRules.watchedNames, extent: sourceRules.extent)
            var cache = SourceCache(
                options?.sourceCache ?? .off, folder: options?.cacheDirectory, root: root, reader: reader)
            if let settle = options?.settleNanoseconds { cache?.settle(after: settle) }
            let report = PackageScanner.read(
                graph: graph, root: root, reader: reader, stringsOf: sourceRules.targetsWithStrings,
                declarations: !sourceRules.declarationRules.isEmpty, only: changedFiles, cache: cache,
                parallel: options?.parallel ?? true)
            files = report.files
            statistics.parsed = report.parsed
            statistics.opened = report.opened
        }
        statistics.scanSeconds = Date().timeIntervalSince(clock)
        // A partial run has not read every import a `may_use` entry may name.
        if changedFiles == nil { try policy.checkImportedNames(files) }

        clock = Date()
        let context = LintContext(
            graph: graph, rules: rules, classification: classification, policy: policy, files: files,
            sourceRules: sourceRules, targetsByModule: graph.targetsByModule)
        let checks = changedFiles == nil ? checks : checks.filter { !Self.fullRunChecks.contains("\(type(of: $0))") }
        // The checks only read the context, so they run side by side.
        let found = Results<[Finding]>(count: checks.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: checks.count) { found.set($0, checks[$0].run(context)) }
        var findings = ExceptionFilter.apply(
            rules.exceptions, to: (0..<checks.count).flatMap(found.value), rulesFile: rules.file
        )
        .sorted(by: Finding.ordered)
        // A partial run cannot tell a fixed violation from one in a file it did not read.
        let stale = baseline?.apply(to: &findings).filter { _ in changedFiles == nil } ?? []
        statistics.checkSeconds = resolveSeconds + Date().timeIntervalSince(clock)

        statistics.targets = graph.targets.count
        statistics.features = classification.features.count
        statistics.files = files.values.reduce(0) { $0 + $1.count }
        statistics.imports = files.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.imports.count } }
        return LintResult(
            findings: findings, staleBaseline: stale, statistics: statistics, graph: graph, rules: rules,
            files: files, classification: classification)
    }

    /// `url`'s path relative to `root` when inside it, else the full path.
    static func relativePath(_ url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
