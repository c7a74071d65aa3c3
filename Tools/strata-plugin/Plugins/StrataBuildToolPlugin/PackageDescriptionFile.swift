import Foundation
import PackagePlugin

/// The part of `swift package dump-package` output strata reads, built from the plugin's view of
/// the package, so a build never evaluates the manifest a second time.
///
/// Each source target lists its files as SwiftPM resolved them (`sources`, relative to its
/// folder), so `exclude:` and custom `sources:` hold without being known here.
struct PackageDescriptionFile: Encodable {
    struct TargetEntry: Encodable {
        var name: String
        var type: String
        var path: String
        var sources: [String]?
        /// `{"target": [name]}` or `{"product": [name, package]}`, as dump-package writes them.
        var dependencies: [[String: [String]]]
    }

    var name: String
    var targets: [TargetEntry]

    init(_ package: Package) {
        name = package.displayName
        let root = package.directoryURL.standardizedFileURL.path
        // Which package each product comes from, as dump-package names it in `.product(name:package:)`.
        var owners: [String: String] = [:]
        for dependency in package.dependencies {
            for product in dependency.package.products { owners[product.id] = dependency.package.id }
        }
        targets = package.targets.map { target in
            let folder = target.directoryURL.standardizedFileURL.path
            let module = target as? SourceModuleTarget
            return TargetEntry(
                name: target.name, type: Self.type(of: target), path: Self.relative(folder, to: root),
                sources: module.map {
                    $0.sourceFiles(withSuffix: "swift").map {
                        Self.relative($0.url.standardizedFileURL.path, to: folder)
                    }
                },
                dependencies: target.dependencies.map { dependency in
                    switch dependency {
                    case .target(let target): return ["target": [target.name]]
                    case .product(let product): return ["product": [product.name, owners[product.id] ?? ""]]
                    @unknown default: return [:]
                    }
                })
        }
    }

    /// Writes the description unless the file already holds it: the file is an input of the
    /// build command, so rewriting it unchanged would run strata again on every build.
    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(self)
        guard FileManager.default.contents(atPath: url.path) != data else { return }
        try data.write(to: url, options: .atomic)
    }

    /// dump-package's name for a target's kind.
    static func type(of target: any Target) -> String {
        switch target {
        case is SystemLibraryTarget: return "system"
        case is BinaryArtifactTarget: return "binary"
        case let module as SourceModuleTarget:
            switch module.kind {
            case .executable, .snippet: return "executable"
            case .test: return "test"
            case .macro: return "macro"
            default: return "regular"
            }
        default: return "regular"
        }
    }

    /// `path` relative to `root`, when inside it.
    static func relative(_ path: String, to root: String) -> String {
        path == root ? "" : path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
