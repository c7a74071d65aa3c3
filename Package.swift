// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of ours gets: Swift 6 language mode is the default; warnings fail the build.
/// Declared first: top-level code runs in order, and a value read before its line is empty.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

// Third-party products named in several places (declared first: top-level code runs in order).
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")
let hummingbirdAuth: Target.Dependency = .product(name: "HummingbirdAuth", package: "hummingbird-auth")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let postgresNIO: Target.Dependency = .product(name: "PostgresNIO", package: "postgres-nio")
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
let nioHTTP1: Target.Dependency = .product(name: "NIOHTTP1", package: "swift-nio")
let nioHTTPTypes: Target.Dependency = .product(name: "NIOHTTPTypes", package: "swift-nio-extras")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let structuredFields: Target.Dependency = .product(
    name: "RawStructuredFieldValues", package: "swift-http-structured-headers")
// HTML at the app edge only (WebSupport and the apps): a typed builder that escapes by default.
let plot: Target.Dependency = .product(name: "Plot", package: "Plot")

// MARK: - Features
//
// One entry per feature (a bounded context). Each entry expands into the five layer
// targets under Modules/<Name>/, one test target per layer under Tests/, and a thin
// executable under Apps/<app>. `strata new` and `strata remove` edit this list.
let features: [Feature] = [
    // Orders live in SQLite (the embedded default) or PostgreSQL (several servers on one database).
    // Entities hash idempotency keys, request fingerprints and API tokens with swift-crypto's SHA-256.
    Feature(
        "Coffee", app: "coffee", entityDependencies: [crypto],
        infrastructure: ["Database", "Postgres", postgresNIO, "HTTPClient"],
        appDependencies: ["WebSupport", hummingbird, plot, crypto],
        server: ["HTTPServer", hummingbird, hummingbirdAuth, serviceLifecycle, structuredFields]),
    // The journal lives in SQLite or PostgreSQL (several servers and commands; each append NOTIFYs).
    // The bus's subscriber queues are the shared Mailbox (Modules/Shared/Mailbox says why not AsyncStream).
    Feature(
        "ColorEvents", app: "color-events", infrastructure: ["Database", "Postgres", postgresNIO],
        useCaseInfrastructure: ["Mailbox"],
        appDependencies: ["WebSupport", hummingbird, plot]),
    Feature(
        "Memorize", app: "memorize", infrastructure: ["Database"], appDependencies: ["WebSupport", hummingbird, plot]),
    Feature(
        "Papers", app: "papers", infrastructure: ["Database", "HTTPClient", "SentenceEmbedding", "VectorStore"],
        systemLibraries: ["CLibXML2", "CZlib"],
        appDependencies: ["WebSupport", hummingbird, plot]),
]

// MARK: - Core and shared infrastructure
//
// Core: the domain core, Foundation only. Shared: infrastructure several features use;
// each depends on Core only and never on a feature.
let core: [Target] = [
    module("Core", path: "Modules/Core"),
    // GRDBSQLite (SQLite's C API, through GRDB's own module of it) for the FTS5 ranking function and
    // bulk binding; CSQLite for the one setting SQLite takes only through C varargs.
    module(
        "Database", path: "Modules/Shared/Database",
        dependencies: ["Core", "CSQLite", grdb, .product(name: "GRDBSQLite", package: "GRDB.swift")]),
    .systemLibrary(
        name: "CSQLite", path: "Modules/Shared/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // PostgreSQL through postgres-nio: a URL, a pool run as a service, migrations, errors as StorageError.
    module(
        "Postgres", path: "Modules/Shared/Postgres", dependencies: ["Core", postgresNIO, logging, serviceLifecycle]),
    module(
        "HTTPClient", path: "Modules/Shared/HTTPClient",
        dependencies: [
            "Core", .product(name: "AsyncHTTPClient", package: "async-http-client"), nioCore, nioHTTP1,
        ]),
    module("TerminalUI", path: "Modules/Shared/TerminalUI"),
    // A subscriber queue with barriers, for in-process buses (ColorEvents' event bus).
    module("Mailbox", path: "Modules/Shared/Mailbox"),
    // libxml2's streaming reader, for features that parse large XML feeds (Debian: libxml2-dev).
    .systemLibrary(
        name: "CLibXML2", path: "Modules/Shared/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CZlib", path: "Modules/Shared/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // Sentence embeddings (all-MiniLM-L6-v2) computed on the CPU: safetensors, WordPiece, the BERT
    // encoder through OpenBLAS (Debian: libopenblas-dev). Optimised in debug builds too: the tests
    // embed real texts, and an unoptimised encoder takes minutes where this takes seconds.
    .target(
        name: "SentenceEmbedding", dependencies: ["COpenBLAS"], path: "Modules/Shared/SentenceEmbedding",
        swiftSettings: strict + [.unsafeFlags(["-O"])]),
    .systemLibrary(
        name: "COpenBLAS", path: "Modules/Shared/COpenBLAS", pkgConfig: "openblas",
        providers: [.apt(["libopenblas-dev"])]),
    // The int8 scoring loop of the vector store's scan, built per instruction set (AVX-512, AVX2, baseline).
    .target(
        name: "CVectorKernels", path: "Modules/Shared/CVectorKernels", cSettings: [.treatAllWarnings(as: .error)]),
    // Vectors by key in one memory-mapped file beside a library, scanned by their int8 codes on every
    // core and the best rescored in float (or exactly, cblas_sgemv per segment). Optimised in debug
    // builds too: its tests search thousands of vectors.
    .target(
        name: "VectorStore", dependencies: ["COpenBLAS", "CVectorKernels"], path: "Modules/Shared/VectorStore",
        swiftSettings: strict + [.unsafeFlags(["-O"])]),
    module(
        "HTTPServer", path: "Modules/Shared/HTTPServer",
        dependencies: ["Core", hummingbird, logging, serviceLifecycle, nioCore, nioHTTP1, nioHTTPTypes]),
    // What every app shares: output formats, the run-and-report wrapper, database paths, shared error words.
    module("AppSupport", path: "Apps/AppSupport", dependencies: ["Core", "TerminalUI", argumentParser]),
    // The apps' web edge: the page layout, security headers, same-origin forms, Server-Sent Events,
    // the embedded stylesheet and script, and the loopback-first runner. Only apps import it.
    module(
        "WebSupport", path: "Apps/WebSupport",
        dependencies: ["Core", "HTTPServer", "AppSupport", hummingbird, plot, serviceLifecycle, argumentParser]),
]

let coreTests: [Target] = [
    test("CoreTests", dependencies: ["Core"]),
    test("DatabaseTests", dependencies: ["Database", "Core", "TestSupport", grdb]),
    test("HTTPClientTests", dependencies: ["HTTPClient", "Core", "TestSupport"]),
    test("PostgresTests", dependencies: ["Postgres", "Core", "TestSupport", postgresNIO]),
    test("TerminalUITests", dependencies: ["TerminalUI"]),
    test("MailboxTests", dependencies: ["Mailbox"]),
    test("VectorStoreTests", dependencies: ["VectorStore", "Core"]),
    test("SentenceEmbeddingTests", dependencies: ["SentenceEmbedding", "TestSupport"], exclude: ["Fixtures"]),
    // NIOEmbedded: the connection guard's deadlines run on an event loop whose clock the test moves.
    test(
        "HTTPServerTests",
        dependencies: [
            "HTTPServer", "Core", "TestSupport", hummingbird, nioCore, nioHTTP1, nioHTTPTypes,
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        ]),
    test("AppSupportTests", dependencies: ["AppSupport", "Core", "TerminalUI", "TestSupport", argumentParser]),
    test("WebSupportTests", dependencies: ["WebSupport", "Core", "HTTPServer", "TestSupport", hummingbird, plot]),
    .target(name: "TestSupport", dependencies: ["Core"], path: "Tests/Support/TestSupport", swiftSettings: strict),
]

// MARK: - Tools
//
// The `strata` tool is its own package (Tools/strata): it depends on nothing here, and any
// package can use it. This package depends on it by path so `swift run strata` and
// `swift package strata` work in the checkout; no target of ours uses it.

// MARK: - Benchmarks
//
// Measuring tools `make bench` runs beside the apps: they ship in no app.
// Declared only while Papers is, the one feature that embeds, so the manifest still loads in a copy
// without it (strata's smoke test builds such a copy).
let benchmarks: [(product: String, target: Target)] =
    features.contains { $0.name == "Papers" }
    ? [
        // Library searches timed inside one process, through the presenter the app uses.
        (
            "papers-search-bench",
            .executableTarget(
                name: "PapersBench", dependencies: ["PapersFactory", "PapersPresenter", "AppSupport", argumentParser],
                path: "Tools/Benchmarks/PapersBench", swiftSettings: strict)
        ),
        // The sentence encoder's texts per second, beside sentence-transformers (Tools/Scripts/embedding/bench.py).
        (
            "embedding-bench",
            .executableTarget(
                name: "EmbeddingBench", dependencies: ["SentenceEmbedding"], path: "Tools/Benchmarks/EmbeddingBench",
                swiftSettings: strict)
        ),
        // The vector store's exact search at 3 million vectors, beside one bare sgemv pass, and int8's recall.
        (
            "vector-bench",
            .executableTarget(
                name: "VectorBench", dependencies: ["VectorStore", "SentenceEmbedding", "COpenBLAS", "Core"],
                path: "Tools/Benchmarks/VectorBench",
                swiftSettings: strict)
        ),
    ] : []

// MARK: - Libraries for out-of-tree benchmarks
//
// Tools/Benchmarks/ColorEventsBench (its own package, so OpenCombine stays out of this build)
// links the event bus through this product. Declared only while the feature is, so the manifest
// still loads in a copy without it (strata's smoke test builds such a copy).
let benchmarkProducts: [Product] =
    features.contains { $0.name == "ColorEvents" }
    ? [
        .library(
            name: "ColorEventsBus",
            targets: ["ColorEventsUseCase", "ColorEventsRepository", "ColorEventsEntity", "Core", "Mailbox"])
    ] : []

// MARK: - Package

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v15)],
    products: features.map(\.product) + benchmarkProducts
        + benchmarks.map { .executable(name: $0.product, targets: [$0.target.name]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-structured-headers", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        // Already in the graph through postgres-nio and hummingbird-auth; the same URL, so the same pin.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(path: "Tools/strata"),
    ],
    targets: core + coreTests + features.flatMap(\.targets) + benchmarks.map(\.target)
)

// MARK: - How a feature entry expands

/// A feature: a bounded context split into layer modules, with its tests and its app.
struct Feature {
    /// The feature's UpperCamelCase name, the prefix of every target it owns.
    let name: String
    /// The executable's kebab-case name, also its folder under Apps/.
    let app: String
    /// Libraries the Entity layer computes with, doing no I/O, such as a digest.
    let entityDependencies: [Target.Dependency]
    /// Shared infrastructure the Repository layer stores or fetches through (the Factory creates it).
    let infrastructure: [Target.Dependency]
    /// System libraries (C modules) only the Repository layer calls, such as a parser.
    let systemLibraries: [Target.Dependency]
    /// Shared infrastructure the UseCase layer runs on (in-process, no I/O), such as a queue.
    let useCaseInfrastructure: [Target.Dependency]
    /// Extra dependencies of the app (terminal output and argument parsing are always there).
    let appDependencies: [Target.Dependency]
    /// For a feature that serves HTTP: the server infrastructure its `<Name>Server` layer uses; `nil` for none.
    let server: [Target.Dependency]?

    init(
        _ name: String, app: String, entityDependencies: [Target.Dependency] = [],
        infrastructure: [Target.Dependency] = [], systemLibraries: [Target.Dependency] = [],
        useCaseInfrastructure: [Target.Dependency] = [], appDependencies: [Target.Dependency] = [],
        server: [Target.Dependency]? = nil
    ) {
        self.name = name
        self.app = app
        self.entityDependencies = entityDependencies
        self.infrastructure = infrastructure
        self.systemLibraries = systemLibraries
        self.useCaseInfrastructure = useCaseInfrastructure
        self.appDependencies = appDependencies
        self.server = server
    }

    var product: Product { .executable(name: app, targets: [name + "App"]) }

    var targets: [Target] {
        let (entity, repository, useCase, presenter, factory, serverLayer) = (
            layer("Entity"), layer("Repository"), layer("UseCase"), layer("Presenter"), layer("Factory"),
            layer("Server")
        )
        // Each layer and the direct dependencies the layer rules allow it (docs/ARCHITECTURE.md).
        // The optional Server layer serves the use cases over HTTP; the Factory builds it.
        let servers: [(name: String, dependencies: [Target.Dependency])] =
            server.map { [(serverLayer, targets(useCase, entity, "Core") + $0)] } ?? []
        let layers: [(name: String, dependencies: [Target.Dependency])] =
            [
                (entity, targets("Core") + entityDependencies),
                (repository, targets(entity, "Core") + infrastructure + systemLibraries),
                (useCase, targets(repository, entity, "Core") + useCaseInfrastructure),
                (presenter, targets(useCase, entity, "Core")),
            ] + servers + [
                (
                    factory,
                    targets(entity, repository, useCase, presenter, "Core") + servers.map { .target(name: $0.name) }
                        // The server takes the app's routes (its web pages) as HTTPServer's `RouteSource`.
                        + (server == nil ? [] : targets("HTTPServer")) + infrastructure
                )
            ]
        let app = Target.executableTarget(
            name: name + "App",
            dependencies: targets(factory, presenter, entity, "Core", "TerminalUI", "AppSupport") + [argumentParser]
                + appDependencies,
            path: "Apps/\(self.app)",
            swiftSettings: strict
        )
        // A layer's tests may import the layer and what the layer itself depends on.
        let layerTests = layers.map { layer in
            test(layer.name + "Tests", dependencies: targets(layer.name, "TestSupport") + layer.dependencies)
        }
        // The app's tests render the presenter's view data (as text and as HTML) as well as run the binary;
        // an in-memory feature from the factory gives them real view data. Like a layer's, they may
        // import what the app itself depends on.
        let appTests = test(
            name + "AppTests",
            dependencies: targets(app.name, factory, presenter, entity, "Core", "TerminalUI", "TestSupport")
                + appDependencies)
        return layers.map {
            module($0.name, path: "Modules/\(name)/\($0.name.dropFirst(name.count))", dependencies: $0.dependencies)
        }
            + [app] + layerTests + [appTests]
    }

    private func layer(_ suffix: String) -> String { name + suffix }
    private func targets(_ names: String...) -> [Target.Dependency] { names.map { .target(name: $0) } }
}

func module(_ name: String, path: String, dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: path, swiftSettings: strict)
}

func test(_ name: String, dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(name)", exclude: exclude, swiftSettings: strict)
}
