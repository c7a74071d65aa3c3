import Foundation

/// A source file of a target and what the lexer found in it.
public struct ScannedFile: Sendable, Equatable {
    /// The path relative to the package root.
    public var path: String
    /// The imports, in file order.
    public var imports: [ImportStatement]
    /// The macro modules `#externalMacro` names, in file order.
    public var externalMacros: [ImportStatement] = []
    /// Type declarations and extensions, in file order.
    public var declarations: [TypeDeclaration] = []
    /// String literals; empty unless a `forbidden_text` rule reads the file's target.
    public var strings: [StringLiteral] = []
    /// What swift-syntax found; nil unless a `declarations` rule needs it (`SyntaxDemand`).
    public var syntax: DeclarationFacts?
    /// Whether the lexer saw what may declare mutable global state (`SourceFacts.mayDeclareState`).
    var mayDeclareState = false
}

/// Finds every Swift source file of every target and scans their imports, in parallel.
enum PackageScanner {
    /// The scanned files of each target, keyed by target name, files sorted by path; string
    /// literals are kept only for the targets in `stringsOf`; with `only`, just those files. Then,
    /// when `demand` is given, the files it asks for (given the lexer's findings) are parsed by
    /// `declarations`.
    static func scan(
        graph: PackageGraph, root: URL, scanner: SwiftImportScanner, stringsOf: Set<String> = [],
        demand: (([String: [ScannedFile]]) -> SyntaxDemand)? = nil,
        declarations: DeclarationScanner = DeclarationScanner(), only: Set<String>? = nil
    ) -> [String: [ScannedFile]] {
        let targets = graph.targets.filter { $0.kind != "system" && $0.kind != "binary" }
        let results = Results<[ScannedFile]>(count: targets.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: targets.count) { index in
            let target = targets[index]
            let strings = stringsOf.contains(target.name)
            // Every source file of a target lies in its folder (`sources` are relative to it).
            let folder = folder(of: target)
            let reader = FileSystem.FolderReader(root.path + "/" + folder)
            let files = sourceFiles(of: target, root: root).filter { only?.contains($0) ?? true }.map { path in
                let facts = reader.withContents(of: String(path.dropFirst(folder.count + 1))) {
                    scanner.facts($0, strings: strings)
                }
                return ScannedFile(
                    path: path, imports: facts.imports, externalMacros: facts.externalMacros,
                    declarations: facts.declarations, strings: facts.strings, mayDeclareState: facts.mayDeclareState)
            }
            results.set(index, files)
        }
        var byTarget: [String: [ScannedFile]] = [:]
        for (index, target) in targets.enumerated() { byTarget[target.name] = results.value(index) }
        guard let demand = demand?(byTarget), !demand.targets.isEmpty else { return byTarget }
        return parse(byTarget, demand: demand, targets: targets, root: root, declarations: declarations)
    }

    /// `files` with the syntax facts of every file `demand` asks for, targets in parallel.
    static func parse(
        _ files: [String: [ScannedFile]], demand: SyntaxDemand, targets: [PackageGraph.Target], root: URL,
        declarations: DeclarationScanner
    ) -> [String: [ScannedFile]] {
        let read = targets.filter { demand.targets.contains($0.name) }
        let results = Results<[ScannedFile]>(count: read.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: read.count) { index in
            let target = read[index]
            let folder = folder(of: target)
            let reader = FileSystem.FolderReader(root.path + "/" + folder)
            results.set(
                index,
                (files[target.name] ?? []).map { file in
                    var file = file
                    file.syntax = reader.withContents(of: String(file.path.dropFirst(folder.count + 1))) { bytes in
                        demand.needsSyntax(
                            file, mayDeclareState: file.mayDeclareState, target: target.name, bytes: bytes)
                            ? declarations.scan(bytes) : nil
                    }
                    return file
                })
        }
        var parsed = files
        for (index, target) in read.enumerated() { parsed[target.name] = results.value(index) }
        return parsed
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
