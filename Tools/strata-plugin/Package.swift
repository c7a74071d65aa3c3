// swift-tools-version: 6.1
import PackageDescription

// strata's SwiftPM plugins for adopters, running a prebuilt `strata` from an artifact bundle, so
// depending on them compiles no strata source and resolves no dependency (like
// realm/SwiftLintPlugins). `make artifactbundle` writes the bundle below; a release replaces the
// path with `url:` and `checksum:` (docs/StrataLint.md). Tools version 6.1: the build-tool plugin
// reads `Target.directoryURL`, which PackagePlugin offers from 6.1 on.
let package = Package(
    name: "StrataPlugin",
    products: [
        .plugin(name: "StrataPlugin", targets: ["StrataCommandPlugin"]),
        .plugin(name: "StrataBuildToolPlugin", targets: ["StrataBuildToolPlugin"]),
    ],
    targets: [
        // The folder, not its zip: SwiftPM would unpack a local zip into every scratch folder. The path
        // must be relative (an absolute one is refused); without the bundle the package does not load.
        .binaryTarget(name: "StrataBinary", path: "Binaries/strata.artifactbundle"),
        .plugin(
            name: "StrataCommandPlugin",
            capability: .command(
                intent: .custom(verb: "strata", description: "Check, draw or adopt the package's architecture rules.")),
            dependencies: ["StrataBinary"]),
        .plugin(name: "StrataBuildToolPlugin", capability: .buildTool(), dependencies: ["StrataBinary"]),
    ]
)
