import Foundation

/// Loads a package's declared target graph from SwiftPM's own view of its manifest.
///
/// It runs `swift package dump-package`, which evaluates Package.swift without resolving
/// dependencies, or reads a saved copy of that command's output; `ManifestCache` keeps the
/// output of the last evaluation so an unchanged manifest is not evaluated again.
public enum GraphLoader {
    /// The graph and how long the manifest evaluation took.
    public struct Loaded: Sendable {
        /// The package graph.
        public var graph: PackageGraph
        /// Seconds spent evaluating the manifest or reading it from the cache (zero for a saved dump).
        public var manifestSeconds: Double
        /// Whether the manifest cache answered, so SwiftPM was not run.
        public var cacheHit = false
    }

    /// Loads the graph of the package at `packageDirectory`, or from `dumpFile` when given;
    /// `useCache` reads and refreshes the manifest cache under `.build/strata/`.
    public static func load(packageDirectory: URL, dumpFile: URL? = nil, useCache: Bool = true) throws -> Loaded {
        if let dumpFile {
            guard let data = FileManager.default.contents(atPath: dumpFile.path) else {
                throw ConfigError(
                    file: dumpFile.path, "cannot read the saved package dump; check the --package-json path")
            }
            return Loaded(
                graph: try decode(data, source: dumpFile.path, packageDirectory: packageDirectory), manifestSeconds: 0)
        }
        let start = Date()
        let source = "Package.swift"
        guard useCache else {
            let graph = try decode(
                dumpPackage(at: packageDirectory), source: source, packageDirectory: packageDirectory)
            return Loaded(graph: graph, manifestSeconds: Date().timeIntervalSince(start))
        }
        // A cached entry is decoded once, as it is accepted; one that does not decode is a miss.
        var cachedGraph: PackageGraph?
        let (data, hit) = try ManifestCache(packageDirectory: packageDirectory).dump(
            evaluate: { try dumpPackage(at: packageDirectory) },
            accept: { data in
                cachedGraph = try? decode(data, source: source, packageDirectory: packageDirectory)
                return cachedGraph != nil
            })
        let graph = try cachedGraph ?? decode(data, source: source, packageDirectory: packageDirectory)
        return Loaded(graph: graph, manifestSeconds: Date().timeIntervalSince(start), cacheHit: hit)
    }

    /// Runs `swift package dump-package` in `directory` and returns its JSON.
    public static func dumpPackage(at directory: URL) throws -> Data {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) else {
            throw ConfigError(file: directory.path, "no Package.swift here; pass --path with the package's folder")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let swift = ProcessInfo.processInfo.environment["STRATA_SWIFT"] ?? "swift"
        // --ignore-lock: dump-package only reads the manifest; waiting for a build holding .build would deadlock `swift test`.
        process.arguments = [swift, "package", "--package-path", directory.path, "--ignore-lock", "dump-package"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read stderr concurrently so a chatty failure never blocks the child on a full pipe.
        let errorText = ErrorCollector()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        guard process.terminationStatus == 0 else {
            let message =
                errorText.text.split(whereSeparator: \.isNewline).first.map(String.init)
                ?? "exit \(process.terminationStatus)"
            throw ConfigError(
                file: directory.appendingPathComponent("Package.swift").path,
                "swift package dump-package failed: \(message)")
        }
        return data
    }

    /// Decodes `dump-package` JSON into a graph, resolving each target's folder as SwiftPM does.
    static func decode(_ data: Data, source: String, packageDirectory: URL) throws -> PackageGraph {
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw ConfigError(
                file: source, "cannot read the package description (\(error)); is this SwiftPM's dump-package output?")
        }
        let names = Set(manifest.targets.map(\.name))
        let targets = manifest.targets.map { target in
            PackageGraph.Target(
                kind: target.type, name: target.name,
                path: target.path ?? defaultPath(of: target, in: packageDirectory),
                exclude: target.exclude ?? [], sources: target.sources,
                dependencies: target.dependencies.compactMap { $0.dependency(targets: names) })
        }
        return PackageGraph(name: manifest.name, targets: targets)
    }

    static func defaultPath(of target: Manifest.Target, in directory: URL) -> String {
        switch target.type {
        case "test": return "Tests/\(target.name)"
        case "plugin": return "Plugins/\(target.name)"
        default:
            let candidates = ["Sources", "Source", "src", "srcs"].map { "\($0)/\(target.name)" }
            return candidates.first {
                FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
            }
                ?? candidates[0]
        }
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
    }

    /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or `{"product": [name, package, moduleAliases, condition]}`.
    struct TargetDependency: Decodable {
        var byName: [JSONValue]?
        var target: [JSONValue]?
        var product: [JSONValue]?

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
        self = (try? container.decode(String.self)).map(JSONValue.string) ?? .other
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

private final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var text: String { lock.withLock { String(decoding: data ?? Data(), as: UTF8.self) } }
}
