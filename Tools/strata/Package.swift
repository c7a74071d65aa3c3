// swift-tools-version: 6.2
import PackageDescription

// The `strata` tool on its own: the architecture checker (StrataLint), the generator
// (StrataScaffold) and their command line (StrataCLI). It depends on nothing of the
// monorepo around it, so any package can depend on it (or on Tools/strata-plugin, its
// prebuilt form) without taking in our features, their infrastructure or their names.
// Every target is named Strata… because SwiftPM target names are global across a package graph.

let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

/// Settings every target gets: Swift 6 language mode is the default; warnings fail the build.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "strata",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "strata", targets: ["StrataCLI"]),
        // `swift package strata …` in a package that depends on this one (builds the tool from source).
        .plugin(name: "StrataPlugin", targets: ["StrataPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
        // The reader of Swift source: the ecosystem's own (SwiftLint, Harmonize and Bylaws use it).
        // From 601, which has SwiftIfConfig; any later 6.x toolchain's release resolves, so a package
        // with macros shares its copy.
        .package(url: "https://github.com/swiftlang/swift-syntax", "601.0.0"..<"700.0.0"),
    ],
    targets: [
        .target(
            name: "StrataLint",
            dependencies: [
                .product(name: "Yams", package: "Yams"), .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ],
            swiftSettings: strict),
        // The built-in template sets (Templates/) are compiled into the binary by StrataTemplatesPlugin,
        // so `strata new` and `strata create` work in any folder with nothing else installed. They sit
        // in the target's folder so that adding a template file makes SwiftPM plan the build again.
        .target(
            name: "StrataScaffold",
            dependencies: [
                "StrataLint", .product(name: "Stencil", package: "Stencil"), .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Templates"], swiftSettings: strict, plugins: ["StrataTemplatesPlugin"]),
        // `strata lsp`: the checks in an editor. The protocol's transport and the few types it uses are
        // written here (docs/StrataLint.md, "In the editor", says why no library).
        .target(name: "StrataLSP", dependencies: ["StrataLint", "StrataScaffold"], swiftSettings: strict),
        .executableTarget(
            name: "StrataCLI", dependencies: ["StrataLint", "StrataScaffold", "StrataLSP", argumentParser],
            swiftSettings: strict),
        .executableTarget(name: "StrataTemplateEmbedder", swiftSettings: strict),
        // The floor of `strata lint --no-cache` in the lint bench: parse every file, nothing else.
        // Not part of the `strata` product.
        .executableTarget(
            name: "StrataParseFloor", dependencies: [.product(name: "SwiftParser", package: "swift-syntax")],
            swiftSettings: strict),
        .plugin(
            name: "StrataTemplatesPlugin", capability: .buildTool(), dependencies: ["StrataTemplateEmbedder"]),
        // No declared permission: SwiftPM grants permissions per plugin, not per subcommand, so one
        // would make every `lint` ask for it. `--allow-writing-to-package-directory` opens the package
        // folder to `init`, `new`, `lint --fix` and `--write-baseline` whether or not a permission is declared.
        .plugin(
            name: "StrataPlugin",
            capability: .command(
                intent: .custom(verb: "strata", description: "Check, draw or adopt the package's architecture rules.")),
            dependencies: ["StrataCLI"]),
        .target(name: "StrataTestSupport", path: "Tests/StrataTestSupport", swiftSettings: strict),
        .testTarget(
            name: "StrataLintTests", dependencies: ["StrataLint", "StrataTestSupport"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "StrataScaffoldTests", dependencies: ["StrataScaffold", "StrataLint", "StrataTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "StrataLSPTests", dependencies: ["StrataLSP", "StrataLint", "StrataTestSupport"],
            exclude: ["Editors"], swiftSettings: strict),
        .testTarget(
            name: "StrataCLITests", dependencies: ["StrataCLI", "StrataScaffold", "StrataLint", "StrataTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strict),
    ]
)
