// swift-tools-version: 6.2
import PackageDescription

// The ColorEvents bus beside the seed's own mechanism rebuilt on OpenCombine, in one binary.
// A package of its own, so OpenCombine never enters the main build; it links the bus through
// the root package's ColorEventsBus library.
let package = Package(
    name: "ColorEventsBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Strata", path: "../../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "color-events-bench",
            dependencies: [
                .product(name: "ColorEventsBus", package: "Strata"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Sources/color-events-bench"
        )
    ]
)
