import Foundation

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

/// Runs `swift package dump-package`: evaluates Package.swift without resolving or building.
///
/// It writes nothing into the package (no `.build`), so it can check an edit in place.
public struct SwiftPMValidator: ManifestValidator {
    /// The `swift` command: `$STRATA_SWIFT` when set, else `swift` on the PATH.
    public let swift: String

    /// Creates a validator using `swift`, or `$STRATA_SWIFT`, or `swift` on the PATH.
    public init(swift: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.swift = swift ?? environment["STRATA_SWIFT"] ?? "swift"
    }

    /// The targets and products SwiftPM finds in the manifest at `root`.
    public func summary(of root: URL) throws -> PackageSummary {
        let result: ToolProcess.Result
        do {
            result = try ToolProcess.run([swift, "package", "--package-path", root.path, "dump-package"], in: root)
        } catch {
            throw StrataError.storage(
                "cannot run `\(swift) package dump-package`: \(error); put swift on the PATH or set STRATA_SWIFT")
        }
        guard result.status == 0 else {
            throw StrataError.validation(
                "SwiftPM rejects Package.swift: \(Self.firstError(result.errors)); fix the manifest")
        }
        return try Self.parse(result.output)
    }

    /// Parses `dump-package`'s JSON.
    static func parse(_ data: Data) throws -> PackageSummary {
        struct Named: Decodable { let name: String }
        struct Target: Decodable {
            let name: String
            let type: String?
            let path: String?

            /// The declared path, else SwiftPM's default layout.
            var folder: String {
                path ?? (type == "test" ? "Tests/" : type == "plugin" ? "Plugins/" : "Sources/") + name
            }
        }
        struct Dump: Decodable {
            let targets: [Target]
            let products: [Named]
        }
        do {
            let dump = try JSONDecoder().decode(Dump.self, from: data)
            return PackageSummary(
                targets: dump.targets.map(\.name), products: dump.products.map(\.name),
                paths: Dictionary(dump.targets.map { ($0.name, $0.folder) }) { first, _ in first })
        } catch {
            throw StrataError.validation("SwiftPM's description of Package.swift cannot be read: \(error)")
        }
    }

    /// The first line of SwiftPM's output that says `error:`, else its first line.
    static func firstError(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let line = lines.first { $0.contains("error:") } ?? lines.first ?? "no message"
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}
