import Foundation
import StrataLint

/// Refuses a feature name whose generated files or types would collide, before anything is written.
///
/// A name can be a valid identifier and still not build: `List` makes `ListCommand` twice (the
/// template has one), `Domain` declares a `DomainError` beside Core's, `URL` a `URLError` beside
/// Foundation's (ambiguous wherever both are imported). Rather than qualify every generated name
/// (which would change every generated file for every name), the generated sources are read with
/// the checker's reader and their types compared with what they import.
struct NameClashes {
    /// Finds which of a list of type names a module of the toolchain already declares.
    let probe: any TypeProbe

    /// Throws `StrataError.usage` naming the first clash of `feature` (rendered for `name`).
    func check(_ feature: RenderedFeature, name: FeatureName, root: URL, package: PackageSummary) throws {
        let refuse = { (reason: String) in
            StrataError.usage("strata new \(name) \(reason); choose another name")
        }
        var seenPaths: Set<String> = []
        for file in feature.files where !seenPaths.insert(file.path).inserted {
            throw refuse("would write \(file.path) twice (the template has a file of that name)")
        }
        let reader = SwiftFileReader()
        var declared: [String: String] = [:]
        var imports: Set<String> = []
        for file in feature.files where file.path.hasSuffix(".swift") {
            let facts = reader.read(String(decoding: file.contents, as: UTF8.self))
            imports.formUnion(facts.imports.map(\.module))
            for type in facts.declarations where type.declaresType {
                if let other = declared[type.name], other != file.path {
                    throw refuse("would declare \(type.name) twice (in \(other) and \(file.path))")
                }
                declared[type.name] = file.path
            }
        }
        let own = Set(feature.targets)
        let packageModules = imports.subtracting(own).intersection(package.targets)
        for module in packageModules.sorted() {
            guard let folder = package.paths[module] else { continue }
            for (type, file) in Self.declarations(under: root.appendingPathComponent(folder), reader) {
                if declared[type] != nil {
                    throw refuse("would declare \(type), which \(module) declares too (\(folder)/\(file))")
                }
            }
        }
        let others = imports.subtracting(own).subtracting(package.targets).union(["Swift"])
        if let clash = probe.existing(declared.keys.sorted(), importing: others.sorted()).first {
            throw refuse(
                "would declare \(clash), which a module it imports already has (\(others.sorted().joined(separator: ", ")))"
            )
        }
    }

    /// Every type declared in the Swift files under `folder`, with the file's path in the folder.
    static func declarations(under folder: URL, _ reader: SwiftFileReader) -> [(String, String)] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, String)] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift"),
                let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            else {
                continue
            }
            let facts = reader.read(String(decoding: data, as: UTF8.self))
            found += facts.declarations.filter(\.declaresType).map { ($0.name, path) }
        }
        return found
    }
}

/// Which names the toolchain's modules already declare.
public protocol TypeProbe: Sendable {
    /// The names of `names` that exist once `modules` are imported; modules the toolchain does
    /// not have (a package's dependencies) are left out.
    func existing(_ names: [String], importing modules: [String]) -> [String]
}

/// Asks the compiler: one `swiftc -typecheck` of `_ = Name.self` lines; the names it cannot find are free.
public struct CompilerTypeProbe: TypeProbe {
    /// The `swiftc` command: `$STRATA_SWIFTC` when set, else `swiftc` on the PATH.
    public let swiftc: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        swiftc = environment["STRATA_SWIFTC"] ?? "swiftc"
    }

    public func existing(_ names: [String], importing modules: [String]) -> [String] {
        var modules = modules.filter { $0 != "Swift" }
        // A module swiftc cannot load alone is a package dependency: drop it and ask again. The
        // compiler stops at the first missing module, so each round may find only one.
        for _ in 0...modules.count {
            guard let errors = typecheck(names, modules) else { return [] }
            let missing = modules.filter { errors.contains("no such module '\($0)'") }
            if missing.isEmpty {
                return names.filter { !errors.contains("cannot find '\($0)' in scope") }
            }
            modules.removeAll { missing.contains($0) }
        }
        return []
    }

    /// The compiler's diagnostics, or nil when it cannot be run (then nothing is refused).
    private func typecheck(_ names: [String], _ modules: [String]) -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("probe.swift")
        let source = modules.map { "import \($0)\n" }.joined() + names.map { "_ = \($0).self\n" }.joined()
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? Data(source.utf8).write(to: file)) != nil,
            let result = try? ToolProcess.run([swiftc, "-typecheck", file.path], in: folder)
        else { return nil }
        return result.errors
    }
}
