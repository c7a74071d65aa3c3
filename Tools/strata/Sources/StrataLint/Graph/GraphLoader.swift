import Foundation

/// Where a run's package description came from.
public enum ManifestSource: String, Sendable, Codable {
    /// A saved `dump-package` output (`--package-json`).
    case saved
    /// The manifest cache, holding SwiftPM's evaluation of this very manifest.
    case cached
    /// `swift package dump-package`, run now.
    case evaluated
}

/// Loads a package's declared target graph, as SwiftPM sees its manifest.
///
/// Package.swift is evaluated by `swift package dump-package` (`DumpPackage`), which runs it
/// without resolving dependencies, unless `ManifestCache` holds the output of an earlier
/// evaluation of the same manifest. It is not read from its text: real manifests compute their
/// targets, read the environment or sit beside a `Package@swift-*.swift`, so only SwiftPM knows
/// their graph.
public enum GraphLoader {
    /// The graph and how long the manifest evaluation took.
    public struct Loaded: Sendable {
        /// The package graph.
        public var graph: PackageGraph
        /// Seconds spent evaluating the manifest or fetching it from the cache (zero for a saved dump).
        public var manifestSeconds: Double
        /// Where the description came from.
        public var source: ManifestSource
    }

    /// How the manifest may be read.
    public struct Reading: Sendable {
        /// Whether the manifest cache under `.build/strata/` is read and refreshed.
        public var cache = true
        /// Whether nothing is written under `.build/strata/` (a dry run): caches are read, never stored.
        public var readOnly = false

        public init(cache: Bool = true, readOnly: Bool = false) {
            self.cache = cache
            self.readOnly = readOnly
        }
    }

    /// Loads the graph of the package at `packageDirectory`, or from `dumpFile` when given.
    public static func load(packageDirectory: URL, dumpFile: URL? = nil, reading: Reading = Reading()) throws
        -> Loaded
    {
        if let dumpFile {
            guard let data = FileManager.default.contents(atPath: dumpFile.path) else {
                throw ConfigError(
                    file: dumpFile.path, "cannot read the saved package dump; check the --package-json path")
            }
            return Loaded(
                graph: try decode(data, source: dumpFile.path, packageDirectory: packageDirectory), manifestSeconds: 0,
                source: .saved)
        }
        let start = Date()
        let source = "Package.swift"
        guard reading.cache else {
            let graph = try decode(
                dumpPackage(at: packageDirectory), source: source, packageDirectory: packageDirectory)
            return Loaded(graph: graph, manifestSeconds: Date().timeIntervalSince(start), source: .evaluated)
        }
        // A cached entry is decoded once, as it is accepted; one that does not decode is a miss.
        var cachedGraph: PackageGraph?
        let (data, hit) = try ManifestCache(packageDirectory: packageDirectory).dump(
            store: !reading.readOnly, evaluate: { try dumpPackage(at: packageDirectory) },
            accept: { data in
                cachedGraph = try? decode(data, source: source, packageDirectory: packageDirectory)
                return cachedGraph != nil
            })
        let graph = try cachedGraph ?? decode(data, source: source, packageDirectory: packageDirectory)
        return Loaded(
            graph: graph, manifestSeconds: Date().timeIntervalSince(start), source: hit ? .cached : .evaluated)
    }

    /// Runs `swift package dump-package` in `directory` and returns its JSON.
    ///
    /// - Throws: `ConfigError` naming Package.swift, or the folder when it has none.
    public static func dumpPackage(at directory: URL) throws -> Data {
        let manifest = directory.appendingPathComponent("Package.swift").path
        do throws(DumpPackage.Failure) {
            return try DumpPackage.json(at: directory)
        } catch .noManifest {
            throw ConfigError(file: directory.path, "no Package.swift here; pass --path with the package's folder")
        } catch .cannotRun(let reason) {
            throw ConfigError(
                file: manifest,
                "cannot run `\(DumpPackage.swift()) package dump-package`: \(reason); put swift on the PATH or set STRATA_SWIFT"
            )
        } catch .rejected(let message) {
            throw ConfigError(file: manifest, "swift package dump-package failed: \(message)")
        }
    }

    /// Decodes `dump-package` JSON into a graph.
    static func decode(_ data: Data, source: String, packageDirectory: URL) throws -> PackageGraph {
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw ConfigError(
                file: source, "cannot read the package description (\(error)); is this SwiftPM's dump-package output?")
        }
        return graph(manifest, packageDirectory: packageDirectory)
    }

    /// The graph of a package description, resolving each target's folder as SwiftPM does.
    static func graph(_ manifest: Manifest, packageDirectory: URL) -> PackageGraph {
        let names = Set(manifest.targets.map(\.name))
        let targets = manifest.targets.map { target in
            let path =
                target.path
                ?? DumpPackage.defaultFolder(of: target.name, type: target.type, in: packageDirectory)
            return PackageGraph.Target(
                kind: target.type, name: target.name, path: path,
                exclude: target.exclude ?? [], sources: target.sources,
                dependencies: target.dependencies.compactMap { $0.dependency(targets: names) },
                moduleName: ModuleName.of(
                    kind: target.type, name: target.name, folder: path, publicHeaders: target.publicHeadersPath,
                    root: packageDirectory))
        }
        return PackageGraph(name: manifest.name, targets: targets)
    }
}

/// The part of `swift package dump-package` output the checker reads.
struct Manifest: Decodable {
    struct Target: Decodable {
        var name: String
        var type: String
        var path: String?
        var exclude: [String]?
        var sources: [String]?
        var dependencies: [TargetDependency]
        /// A C target's public headers folder, where its module map is; `include` when nil.
        var publicHeadersPath: String? = nil
    }

    /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or `{"product": [name, package, moduleAliases, condition]}`.
    struct TargetDependency: Decodable {
        var byName: [JSONValue]?
        var target: [JSONValue]?
        var product: [JSONValue]?

        init(byName name: String) { byName = [.string(name)] }
        init(target name: String) { target = [.string(name)] }
        init(product name: String, package: String) { product = [.string(name), .string(package)] }

        func dependency(targets: Set<String>) -> PackageGraph.Dependency? {
            if let name = target?.first?.string { return PackageGraph.Dependency(name: name) }
            if let name = byName?.first?.string {
                return PackageGraph.Dependency(name: name, isProduct: !targets.contains(name))
            }
            if let product, let name = product.first?.string {
                return PackageGraph.Dependency(name: name, package: product.dropFirst().first?.string, isProduct: true)
            }
            return nil
        }
    }

    var name: String
    var targets: [Target]
}

/// Any JSON value; the dump's dependency arrays mix strings, nulls and objects.
enum JSONValue: Decodable {
    case string(String)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Most of what is not a string is null: asked first, it costs no thrown error.
        if container.decodeNil() {
            self = .other
        } else {
            self = (try? container.decode(String.self)).map(JSONValue.string) ?? .other
        }
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
