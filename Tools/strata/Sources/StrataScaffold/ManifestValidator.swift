import Foundation
import StrataLint

/// The targets and products a manifest declares, as SwiftPM reads them.
public struct PackageSummary: Sendable, Equatable {
    /// Every target's name.
    public var targets: [String]
    /// Every product's name.
    public var products: [String]
    /// Each target's folder relative to the package root, where SwiftPM reads it.
    public var paths: [String: String]

    public init(targets: [String], products: [String], paths: [String: String] = [:]) {
        self.targets = targets
        self.products = products
        self.paths = paths
    }
}

/// Reads a package's manifest the way SwiftPM does, so an edit is judged by SwiftPM itself.
public protocol ManifestValidator: Sendable {
    /// The targets and products of the package at `root`.
    ///
    /// - Throws: `StrataError.validation` when SwiftPM rejects the manifest.
    func summary(of root: URL) throws -> PackageSummary
}

/// Asks SwiftPM through `DumpPackage`, with the checker's flags: the manifest is evaluated,
/// nothing is resolved or built, nothing is written into the package.
public struct SwiftPMValidator: ManifestValidator {
    /// The `swift` command: `$STRATA_SWIFT` when set, else `swift` on the PATH.
    public let swift: String

    /// Creates a validator using `swift`, or `$STRATA_SWIFT`, or `swift` on the PATH.
    public init(swift: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.swift = swift ?? DumpPackage.swift(environment)
    }

    /// The targets and products SwiftPM finds in the manifest at `root`.
    public func summary(of root: URL) throws -> PackageSummary {
        do throws(DumpPackage.Failure) {
            return try Self.parse(try DumpPackage.json(at: root, swift: swift), root: root)
        } catch .noManifest {
            throw StrataError.notFound("no Package.swift in \(root.path); pass --path with the package's folder")
        } catch .cannotRun(let reason) {
            throw StrataError.storage(
                "cannot run `\(swift) package dump-package`: \(reason); put swift on the PATH or set STRATA_SWIFT")
        } catch .rejected(let message) {
            throw StrataError.validation("SwiftPM rejects Package.swift: \(message); fix the manifest")
        }
    }

    /// Parses `dump-package`'s JSON; a target without `path:` is in SwiftPM's default folder under `root`.
    static func parse(_ data: Data, root: URL) throws(DumpPackage.Failure) -> PackageSummary {
        struct Named: Decodable { let name: String }
        struct Target: Decodable {
            let name: String
            let type: String
            let path: String?
        }
        struct Dump: Decodable {
            let targets: [Target]
            let products: [Named]
        }
        do {
            let dump = try JSONDecoder().decode(Dump.self, from: data)
            let paths = dump.targets.map {
                ($0.name, $0.path ?? DumpPackage.defaultFolder(of: $0.name, type: $0.type, in: root))
            }
            return PackageSummary(
                targets: dump.targets.map(\.name), products: dump.products.map(\.name),
                paths: Dictionary(paths) { first, _ in first })
        } catch {
            throw .rejected("its description cannot be read (\(error))")
        }
    }
}
