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
        let targets = graph.targets.filter { $0.kind != "system" && $0.kind != "binary" }
        let listed = Results<[String]>(count: targets.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: targets.count) { index in
            listed.set(index, sourceFiles(of: targets[index], root: root).filter { only?.contains($0) ?? true })
        }
        // Each task: a target and a run of its files.
        let tasks = targets.indices.flatMap { index in
            let files = listed.value(index)
            return stride(from: 0, to: files.count, by: filesPerTask).map {
                (target: index, files: files[$0..<min($0 + filesPerTask, files.count)])
            }
        }
        let results = Results<[ScannedFile]>(count: tasks.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: tasks.count) { index in
            let target = targets[tasks[index].target]
            let strings = stringsOf.contains(target.name)
            // Every source file of a target lies in its folder (`sources` are relative to it).
            let folder = folder(of: target)
            let folderReader = FileSystem.FolderReader(root.path + "/" + folder)
            results.set(
                index,
                tasks[index].files.map { path in
                    let facts = folderReader.withContents(of: String(path.dropFirst(folder.count + 1))) {
                        reader.read($0, strings: strings)
                    }
                    return ScannedFile(path: path, facts: facts)
                })
        }
        var byTarget: [String: [ScannedFile]] = [:]
        for target in targets { byTarget[target.name] = [] }
        for (index, task) in tasks.enumerated() {
            byTarget[targets[task.target].name, default: []].append(contentsOf: results.value(index))
        }
        return byTarget
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
