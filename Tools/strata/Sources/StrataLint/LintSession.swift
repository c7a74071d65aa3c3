import Foundation

/// A package kept loaded between runs, for an editor: the rules, the graph and every file's facts
/// are read once, then one file's text at a time is read again and every check runs on the result.
///
/// The checks take a few milliseconds on a thousand files; reading files and evaluating the
/// manifest take far longer, so a session does those only when asked (`reloadFile`, `reload`),
/// and through the caches its options name (the manifest cache, the source cache).
public final class LintSession {
    /// What the session was opened with.
    public let options: LintOptions
    /// The last run's result: the files on disk with the editor's texts in place of theirs.
    public private(set) var result: LintResult
    private var rules: Rules
    private var baseline: Baseline?
    private var graph: PackageGraph
    private var files: [String: [ScannedFile]]
    private var reader: SwiftFileReader
    private var stringsOf: Set<String>
    /// The target each file belongs to, by path relative to the package root.
    private var targetOf: [String: String] = [:]
    /// The editor's texts, by path relative to the package root.
    private var overlays: [String: String] = [:]

    /// Opens the package `options` name: reads the rules, the graph and every source file.
    public init(options: LintOptions) throws {
        self.options = options
        let loaded = try Self.load(options)
        (rules, baseline, graph, reader, stringsOf) = loaded
        result = try Linter.check(
            rules: rules, graph: graph, root: Self.root(options), baseline: baseline, platform: options.platform,
            options: options)
        files = result.files
        indexFiles()
    }

    /// The package's root folder.
    public var root: URL { Self.root(options) }

    /// Reads the rules and the manifest again (after Package.swift or strata.yml changed), then every file.
    public func reload() throws {
        (rules, baseline, graph, reader, stringsOf) = try Self.load(options)
        result = try Linter.check(
            rules: rules, graph: graph, root: root, baseline: baseline, platform: options.platform, options: options)
        files = result.files
        indexFiles()
        guard !overlays.isEmpty else { return }
        try update(overlays.mapValues { Optional($0) })
    }

    /// Sets the editor's texts of files (paths relative to the root); nil drops a text, so the
    /// file on disk counts again. Then runs every check, reading only the files given.
    public func update(_ texts: [String: String?]) throws {
        for (path, text) in texts {
            overlays[path] = text
            guard let target = target(ofFile: path) else { continue }
            if let text {
                replace(path, in: target, with: reader.read(text, strings: stringsOf.contains(target)))
            } else {
                reloadFile(path)
            }
        }
        try recheck()
    }

    /// Reads the file at `path` from disk again (after it was saved or changed outside the editor).
    public func reloadFile(_ path: String) {
        guard let target = targetOf[path] ?? owningTarget(of: path) else { return }
        let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
        let facts = bytes.map { reader.read(String(decoding: $0, as: UTF8.self), strings: stringsOf.contains(target)) }
        replace(path, in: target, with: facts)
    }

    /// The target whose sources include `path`, if any.
    public func target(ofFile path: String) -> String? { targetOf[path] ?? owningTarget(of: path) }

    /// The facts read from the file at `path` (the editor's text when it has one).
    public func scannedFile(_ path: String) -> ScannedFile? {
        guard let target = target(ofFile: path) else { return nil }
        return files[target]?.first { $0.path == path }
    }

    /// Why `target` may or may not import `module`: the rule that refuses it, or nil when it may.
    public func verdict(target: String, imports module: String) -> (rule: String, explanation: String)? {
        let context = try? Self.context(rules: result.rules, graph: graph, files: files)
        let verdict = context?.policy.verdict(
            from: target, to: module, layerRule: BuiltInRule.layerImport.id, verb: "imports")
        return verdict.map { ($0.rule, $0.explanation) }
    }

    /// Runs every check on the files as they stand, the editor's texts included.
    public func recheck() throws {
        result = try Linter.check(
            rules: rules, graph: graph, root: root, baseline: baseline, files: files, platform: options.platform)
    }

    private func replace(_ path: String, in target: String, with facts: SourceFacts?) {
        var scanned = files[target] ?? []
        scanned.removeAll { $0.path == path }
        if let facts {
            scanned.append(ScannedFile(path: path, facts: facts))
            scanned.sort { $0.path < $1.path }
            targetOf[path] = target
        } else {
            targetOf[path] = nil
        }
        files[target] = scanned
    }

    private func indexFiles() {
        targetOf = [:]
        for (target, scanned) in files {
            for file in scanned { targetOf[file.path] = target }
        }
    }

    /// The target whose folder holds `path` (a file not yet on disk), the deepest folder winning.
    private func owningTarget(of path: String) -> String? {
        guard path.hasSuffix(".swift") else { return nil }
        let owners = graph.targets.filter { $0.kind != "system" && $0.kind != "binary" }.filter {
            path.hasPrefix(PackageScanner.folder(of: $0) + "/")
        }
        return owners.max { PackageScanner.folder(of: $0).count < PackageScanner.folder(of: $1).count }?.name
    }

    private static func root(_ options: LintOptions) -> URL { options.packageDirectory.standardizedFileURL }

    private static func load(_ options: LintOptions) throws -> (
        Rules, Baseline?, PackageGraph, SwiftFileReader, Set<String>
    ) {
        let root = root(options)
        let (rules, baseline) = try Linter.readRules(options, root: root)
        let graph = try GraphLoader.load(
            packageDirectory: root, dumpFile: options.packageJSON, reading: options.reading
        ).graph
        var resolved = rules
        resolved.conditions.modules = graph.knownModules
        if let platform = options.platform { resolved.conditions.os = platform == "any" ? nil : platform }
        let classification = Classification(rules: resolved, graph: graph)
        let sourceRules = try SourceRules(rules: resolved, graph: graph, classification: classification)
        let reader = SwiftFileReader(
            builds: resolved.conditions, watchedNames: sourceRules.watchedNames, extent: sourceRules.extent)
        return (rules, baseline, graph, reader, sourceRules.targetsWithStrings)
    }

    private static func context(rules: Rules, graph: PackageGraph, files: [String: [ScannedFile]]) throws
        -> LintContext
    {
        let classification = Classification(rules: rules, graph: graph)
        return LintContext(
            graph: graph, rules: rules, classification: classification,
            policy: try Policy(rules: rules, graph: graph, classification: classification), files: files,
            sourceRules: try SourceRules(rules: rules, graph: graph, classification: classification),
            targetsByModule: graph.targetsByModule)
    }
}
