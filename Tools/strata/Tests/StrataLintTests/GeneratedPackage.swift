import Foundation
import StrataTestSupport

@testable import StrataLint

/// A package written to a temporary folder: one source file per target and a saved dump-package output.
struct GeneratedPackage {
    /// A target: its name, kind, dependencies (the package's targets by name, or `product:Name`) and imports.
    struct Target {
        var name: String
        var kind = "regular"
        var dependencies: [String] = []
        /// Imports beyond the dependencies (an undeclared import, or a toolchain module).
        var extraImports: [String] = []
    }

    let directory: TemporaryDirectory
    var url: URL { directory.url }
    var packageJSON: URL { url.appendingPathComponent("package.json") }

    init(name: String, targets: [Target]) throws {
        directory = try TemporaryDirectory()
        var dumped: [[String: Any]] = []
        for target in targets {
            let folder = target.kind == "test" ? "Tests/\(target.name)" : "Sources/\(target.name)"
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
            let modules = target.dependencies.map { $0.replacingOccurrences(of: "product:", with: "") }
            let source =
                (["Foundation"] + modules + target.extraImports).map { "import \($0)\n" }.joined()
                + "\npublic struct \(target.name)Marker {}\n"
            try source.write(
                to: url.appendingPathComponent("\(folder)/\(target.name).swift"), atomically: true, encoding: .utf8)
            let dependencies: [[String: Any]] = target.dependencies.map { dependency in
                dependency.hasPrefix("product:")
                    ? ["product": [String(dependency.dropFirst(8)), "other", NSNull(), NSNull()]]
                    : ["byName": [dependency, NSNull()]]
            }
            dumped.append(["name": target.name, "type": target.kind, "dependencies": dependencies])
        }
        try "// swift-tools-version: 6.0\n".write(
            to: url.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let data = try JSONSerialization.data(withJSONObject: ["name": name, "targets": dumped])
        try data.write(to: packageJSON)
    }
}

/// Runs `strata init` and `strata lint` on a package the way the commands do, in the package's folder.
enum InitRun {
    /// Writes the proposal into `directory`; returns it.
    @discardableResult
    static func initialize(_ directory: URL, packageJSON: URL) throws -> Initializer.Proposal {
        let proposal = try Initializer.propose(packageDirectory: directory, packageJSON: packageJSON)
        try proposal.rules.write(to: directory.appendingPathComponent("strata.yml"), atomically: true, encoding: .utf8)
        if let baseline = proposal.baseline {
            try baseline.write(to: directory.appendingPathComponent(Initializer.baselineFile))
        }
        return proposal
    }

    static func lint(_ directory: URL, packageJSON: URL) throws -> LintResult {
        try Linter.run(LintOptions(packageDirectory: directory, packageJSON: packageJSON))
    }

    /// Prepends `import <module>` to a source file of a target whose layer may not use `module`'s
    /// layer; returns the file (relative) or nil when there is no such pair.
    static func plantViolation(in directory: URL, _ result: LintResult) throws -> String? {
        let importable = result.graph.targets.filter(\.isImportable)
        func plant(_ module: String, in file: String) throws -> String {
            let url = directory.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            try ("import \(module)\n" + text).write(to: url, atomically: true, encoding: .utf8)
            return file
        }
        for target in result.graph.targets where !target.isTest {
            guard let file = result.files[target.name]?.first, let layer = result.layer(of: target.name),
                let mayUse = result.rules.layer(named: layer)?.mayUse.map(\.name)
            else { continue }
            for other in importable where other.name != target.name {
                guard let otherLayer = result.layer(of: other.name), otherLayer != layer, !mayUse.contains(otherLayer),
                    !mayUse.contains(other.name)
                else { continue }
                return try plant(other.name, in: file.path)
            }
        }
        return nil
    }
}
