import Foundation

/// A source file of a target and what `SwiftFileReader` found in it.
public struct ScannedFile: Sendable, Equatable {
    /// The path relative to the package root.
    public var path: String
    /// The imports, in file order.
    public var imports: [ImportStatement]
    /// The macro modules `#externalMacro` names, in file order.
    public var externalMacros: [ImportStatement] = []
    /// Type declarations, typealiases and extensions, in file order.
    public var declarations: [TypeDeclaration] = []
    /// String literals; empty unless a `forbidden_text` rule reads the file's target.
    public var strings: [StringLiteral] = []
    /// What the declaration rules read.
    public var declarationFacts = DeclarationFacts()

    /// The file at `path` with what `facts` holds.
    public init(path: String, facts: SourceFacts) {
        self.path = path
        imports = facts.imports
        externalMacros = facts.externalMacros
        declarations = facts.declarations
        strings = facts.strings
        declarationFacts = facts.declarationFacts
    }
}

/// What one scan read: the files of each target, and how many were parsed (the rest came from the cache).
struct ScanReport: Sendable {
    /// The read files of each target, keyed by target name, files sorted by path.
    var files: [String: [ScannedFile]]
    /// How many files swift-syntax parsed.
    var parsed = 0
    /// How many files were opened and fingerprinted; the others' stamps showed them unchanged.
    var opened = 0
}

/// Finds every Swift source file of every target and reads them, in parallel.
enum PackageScanner {
    /// How many files one task reads: enough to amortise opening the folder, few enough that a
    /// target of hundreds of files is shared among the cores.
    static let filesPerTask = 16

    /// The read files of each target, keyed by target name, files sorted by path; string literals
    /// are kept only for the targets in `stringsOf`; with `only`, just those files.
    static func scan(
        graph: PackageGraph, root: URL, reader: SwiftFileReader, stringsOf: Set<String> = [],
        only: Set<String>? = nil
    ) -> [String: [ScannedFile]] {
        read(graph: graph, root: root, reader: reader, stringsOf: stringsOf, only: only).files
    }

    /// One file as a task read it: its facts, its cache entry (the old one's place in the
    /// snapshot on a hit, the new encoding on a parse; none when there is no cache) and its
    /// stamp to record (none when unsettled or unknown).
    private struct Outcome: Sendable {
        var file: ScannedFile
        var key: SourceCache.Key?
        var entry: Entry?
        var stamped: SourceCache.Stamped?
        var opened = true
    }

    private enum Entry: Sendable {
        case cached(Range<Int>)
        case parsed([UInt8])
    }

    /// `scan`, with `cache` consulted for each file and brought up to date, on every core when
    /// `parallel`, else on the calling thread alone. Each task stats its files and reads,
    /// fingerprints and either decodes or parses those whose stamp changed, so all of it runs on
    /// every core. The declaration facts are kept only when `declarations` (no rule reads them otherwise).
    static func read(
        graph: PackageGraph, root: URL, reader: SwiftFileReader, stringsOf: Set<String> = [],
        declarations: Bool = true, only: Set<String>? = nil, cache: SourceCache? = nil, parallel: Bool = true
    ) -> ScanReport {
        let targets = graph.targets.filter { $0.kind != "system" && $0.kind != "binary" }
        let listed = Results<[String]>(count: targets.count, empty: [])
        let snapshot = Results<SourceCache.Snapshot>(count: 1, empty: SourceCache.Snapshot(bytes: [], exists: false))
        // The cache file is read while the folders are listed: one more iteration.
        perform(targets.count + 1, parallel: parallel) { index in
            if index == targets.count {
                if let cache { snapshot.set(0, cache.load()) }
            } else {
                listed.set(index, sourceFiles(of: targets[index], root: root).filter { only?.contains($0) ?? true })
            }
        }
        let cached = snapshot.value(0)
        // Each task: a target and a run of its files.
        let tasks = targets.indices.flatMap { index in
            let files = listed.value(index)
            return stride(from: 0, to: files.count, by: filesPerTask).map {
                (target: index, files: files[$0..<min($0 + filesPerTask, files.count)])
            }
        }
        let results = Results<[Outcome]>(count: tasks.count, empty: [])
        perform(tasks.count, parallel: parallel) { index in
            let target = targets[tasks[index].target]
            let strings = stringsOf.contains(target.name)
            // Every source file of a target lies in its folder (`sources` are relative to it).
            let folder = folder(of: target)
            let folderReader = FileSystem.FolderReader(root.path + "/" + folder)
            results.set(
                index,
                tasks[index].files.map { path in
                    let relative = String(path.dropFirst(folder.count + 1))
                    guard let cache else {
                        return folderReader.withContents(of: relative) { bytes in
                            Outcome(file: scanned(path, reader.read(bytes, strings: strings), declarations))
                        }
                    }
                    // The stamp is taken before the bytes are read: a write between the two then
                    // leaves a stamp older than the bytes, which the next run reads again.
                    let stamp = folderReader.stamp(of: relative)
                    if let stamp, let known = cached.stamps[path], known.stamp == stamp {
                        let key = SourceCache.Key(fingerprint: known.fingerprint, strings: strings)
                        if let hit = cached.facts(for: key, declarations: declarations) {
                            return Outcome(
                                file: scanned(path, hit.facts, declarations), key: key, entry: .cached(hit.range),
                                stamped: known, opened: false)
                        }
                    }
                    return folderReader.withContents(of: relative) { bytes in
                        let fingerprint = Fingerprint(bytes)
                        let key = SourceCache.Key(fingerprint: fingerprint, strings: strings)
                        let stamped = stamp.flatMap {
                            $0.isSettled(before: cache.settledBefore)
                                ? SourceCache.Stamped(stamp: $0, fingerprint: fingerprint) : nil
                        }
                        if let hit = cached.facts(for: key, declarations: declarations) {
                            return Outcome(
                                file: scanned(path, hit.facts, declarations), key: key, entry: .cached(hit.range),
                                stamped: stamped)
                        }
                        let facts = reader.read(bytes, strings: strings)
                        return Outcome(
                            file: scanned(path, facts, declarations), key: key, entry: .parsed(facts.encoded()),
                            stamped: stamped)
                    }
                })
        }
        var report = ScanReport(files: [:])
        for target in targets { report.files[target.name] = [] }
        for (index, task) in tasks.enumerated() {
            let outcomes = results.value(index)
            report.files[targets[task.target].name, default: []].append(contentsOf: outcomes.map(\.file))
            for outcome in outcomes {
                if outcome.opened { report.opened += 1 }
                if case .cached = outcome.entry {} else { report.parsed += 1 }
            }
        }
        // Every file known by its stamp, and no other stamp recorded: the cache file holds this run already.
        let files = report.files.values.reduce(0) { $0 + $1.count }
        if let cache, report.opened > 0 || files != cached.stamps.count || only != nil {
            update(cache, snapshot: cached, outcomes: tasks.indices.map(results.value), partial: only != nil)
        }
        return report
    }

    /// The file at `path` with `facts`, their declaration facts dropped unless `declarations`.
    private static func scanned(_ path: String, _ facts: SourceFacts, _ declarations: Bool) -> ScannedFile {
        var facts = facts
        if !declarations { facts.declarationFacts = DeclarationFacts() }
        return ScannedFile(path: path, facts: facts)
    }

    /// Writes the entries and stamps a run used when the cache file lacks one or holds others;
    /// a partial run (`--changed`) keeps the entries and stamps of the files it did not read.
    private static func update(
        _ cache: SourceCache, snapshot: SourceCache.Snapshot, outcomes: [[Outcome]], partial: Bool
    ) {
        var entries: [(key: SourceCache.Key, facts: ArraySlice<UInt8>)] = []
        var stored: Set<SourceCache.Key> = []
        var stamps: [String: SourceCache.Stamped] = [:]
        // Something the cache file does not hold: facts parsed, or a stamp taken of a file opened.
        var changed = false
        for outcome in outcomes.joined() {
            if let stamped = outcome.stamped {
                stamps[outcome.file.path] = stamped
                changed = changed || outcome.opened
            }
            guard let key = outcome.key, stored.insert(key).inserted else { continue }
            switch outcome.entry {
            case .cached(let range)?: entries.append((key, snapshot.bytes[range]))
            case .parsed(let bytes)?:
                entries.append((key, bytes[...]))
                changed = true
            case nil: break
            }
        }
        if partial {
            guard changed else { return }
            let used = Set(entries.map(\.key))
            for (key, range) in snapshot.index where !used.contains(key) {
                entries.append((key, snapshot.bytes[range]))
            }
            stamps.merge(snapshot.stamps) { new, _ in new }
        } else {
            // Nothing new and nothing to drop: the file already holds exactly this run's entries and stamps.
            let intact = !snapshot.exists || !snapshot.index.isEmpty
            guard changed || entries.count != snapshot.index.count || stamps.count != snapshot.stamps.count || !intact
            else { return }
        }
        cache.store(entries, stamps: stamps)
    }

    /// Runs `body` for each index in `0..<count`: on every core when `parallel`, else in order on
    /// the calling thread.
    static func perform(_ count: Int, parallel: Bool, _ body: @Sendable (Int) -> Void) {
        if parallel {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        } else {
            for index in 0..<count { body(index) }
        }
    }

    /// The target's folder relative to the package root, without a trailing slash.
    static func folder(of target: PackageGraph.Target) -> String {
        target.path.hasSuffix("/") ? String(target.path.dropLast()) : target.path
    }

    /// The `.swift` files of `target`, relative to the package root, honouring `sources` and `exclude`.
    static func sourceFiles(of target: PackageGraph.Target, root: URL) -> [String] {
        let base = folder(of: target)
        let directory = root.path + "/" + base
        let excluded = target.exclude.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        func isExcluded(_ relative: String) -> Bool {
            excluded.contains { relative == $0 || relative.hasPrefix($0 + "/") }
        }
        var found: [String] = []
        for entry in target.sources ?? [""] {
            let start = entry.isEmpty ? directory : directory + "/" + entry
            switch FileSystem.isDirectory(start) {
            case nil:
                continue
            case false?:
                if entry.hasSuffix(".swift"), !isExcluded(entry) { found.append(base + "/" + entry) }
            case true?:
                let prefix = entry.isEmpty ? "" : entry + "/"
                for file in FileSystem.files(below: start) where file.hasSuffix(".swift") && !isExcluded(prefix + file)
                {
                    found.append(base + "/" + prefix + file)
                }
            }
        }
        return found.sorted()
    }
}

/// Results of `DispatchQueue.concurrentPerform` iterations, each index written by exactly one.
final class Results<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value]
    init(count: Int, empty: Value) { values = Array(repeating: empty, count: count) }
    func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }
    func value(_ index: Int) -> Value { lock.withLock { values[index] } }
}
