import Foundation
import StrataScaffold
import StrataTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The repository this test file belongs to, found from the file's own path.
let repositoryRoot = Monorepo.root

/// A small package in a temporary folder: the real Package.swift and templates, a few folders.
final class Fixture {
    let directory: TemporaryDirectory
    var root: URL { directory.url.appendingPathComponent("package") }

    init() throws {
        directory = try TemporaryDirectory()
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("Modules/Core"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("Tests/CoreTests"), withIntermediateDirectories: true)
        try Data("public enum Core {}\n".utf8).write(to: root.appendingPathComponent("Modules/Core/Core.swift"))
        try files.copyItem(
            at: repositoryRoot.appendingPathComponent("Package.swift"), to: root.appendingPathComponent("Package.swift")
        )

    }

    /// A scaffolder over the fixture; `swiftPM` uses the real `swift package dump-package`.
    func scaffolder(swiftPM: Bool = false) throws -> Scaffolder {
        Scaffolder(root: try PackageRoot(path: root.path), validator: swiftPM ? SwiftPMValidator() : StubValidator())
    }

    var builtIn: TemplateSet {
        get throws { try #require(TemplateSet.builtIn("Feature")) }
    }

    /// A copy of the built-in Feature set at `name` (outside the package), changed by `edit`.
    func templateCopy(_ name: String, edit: (URL) throws -> Void) throws -> TemplateSet {
        let url = directory.url.appendingPathComponent(name)
        try builtIn.write(to: url)
        try edit(url)
        return try TemplateSet(directory: url)
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String {
        String(
            decoding: FileManager.default.contents(atPath: root.appendingPathComponent(path).path) ?? Data(),
            as: UTF8.self)
    }

    /// Every entry under the package: its path, kind, mode and content hash.
    func snapshot() -> [String] { TreeSnapshot.take(root) }
}

/// A byte-for-byte fingerprint of a folder tree, empty folders and symbolic links included.
enum TreeSnapshot {
    static func take(_ root: URL) -> [String] {
        var entries: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            let url = root.appendingPathComponent(path)
            var status = stat()
            guard lstat(url.path, &status) == 0 else { continue }
            let mode = status.st_mode & 0o7777
            switch status.st_mode & S_IFMT {
            case S_IFDIR: entries.append("d \(path) \(String(mode, radix: 8))")
            case S_IFLNK:
                entries.append(
                    "l \(path) -> \((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?")")
            default:
                entries.append(
                    "f \(path) \(String(mode, radix: 8)) \(SHA256.hex(FileManager.default.contents(atPath: url.path) ?? Data()))"
                )
            }
        }
        return entries.sorted()
    }
}

/// Reads the manifest's feature lines instead of running SwiftPM: fast, for tests that run many steps.
struct StubValidator: ManifestValidator {
    static let layers = ["Entity", "Repository", "UseCase", "Presenter", "Factory"]

    func summary(of root: URL) throws -> PackageSummary {
        let text = String(
            decoding: FileManager.default.contents(atPath: root.appendingPathComponent("Package.swift").path) ?? Data(),
            as: UTF8.self)
        var summary = PackageSummary(
            targets: ["Core", "Database", "TerminalUI", "TestSupport", "StrataCLI"], products: ["strata"])
        for line in text.components(separatedBy: "\n") {
            let parts = line.components(separatedBy: "\"")
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("Feature("), parts.count > 3 else { continue }
            let layers = Self.layers + ["App"]
            summary.targets += layers.map { parts[1] + $0 } + layers.map { parts[1] + $0 + "Tests" }
            summary.products.append(parts[3])
        }
        return summary
    }
}
