// swift-tools-version:6.2

import PackageDescription

let package = Package(
    name: "swift-metrics",
    products: [
        .library(name: "CoreMetrics", targets: ["CoreMetrics"]),
        .library(name: "Metrics", targets: ["Metrics"]),
        .library(name: "MetricsTestKit", targets: ["MetricsTestKit"]),
    ],
    targets: [
        .target(
            name: "CoreMetrics",
            exclude: ["CMakeLists.txt"]
        ),
        .target(
            name: "Metrics",
            dependencies: ["CoreMetrics"],
            exclude: ["CMakeLists.txt"]
        ),
        .target(
            name: "MetricsTestKit",
            dependencies: [
                "Metrics"
            ],
            exclude: ["CMakeLists.txt"]
        ),
        .testTarget(
            name: "MetricsTests",
            dependencies: [
                "Metrics",
                "MetricsTestKit",
            ]
        ),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableExperimentalFeature("StrictConcurrency=complete"))
    target.swiftSettings = settings
}

// ---    STANDARD CROSS-REPO SETTINGS DO NOT EDIT   --- //
for target in package.targets {
    switch target.type {
    case .regular, .test, .executable:
        var settings = target.swiftSettings ?? []
        // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
        settings.append(.enableUpcomingFeature("MemberImportVisibility"))
        target.swiftSettings = settings
    case .macro, .plugin, .system, .binary:
        ()  // not applicable
    @unknown default:
        ()  // we don't know what to do here, do nothing
    }
}
// --- END: STANDARD CROSS-REPO SETTINGS DO NOT EDIT --- //
