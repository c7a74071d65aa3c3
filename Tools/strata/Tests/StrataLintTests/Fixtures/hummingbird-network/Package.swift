// swift-tools-version:6.1
// swift-format-ignore-file
// Reduced from hummingbird-project/hummingbird's Package.swift (see SOURCES.md): the core, the
// testing library and the core's tests, whose one file here is all under `#if canImport(Network)`.

import PackageDescription

let package = Package(
    name: "hummingbird",
    platforms: [.macOS(.v14), .iOS(.v17), .macCatalyst(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "HummingbirdCore", targets: ["HummingbirdCore"]),
        .library(name: "HummingbirdTesting", targets: ["HummingbirdTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio-transport-services.git", from: "1.20.0"),
    ],
    targets: [
        .target(
            name: "HummingbirdCore",
            dependencies: [
                .product(
                    name: "NIOTransportServices",
                    package: "swift-nio-transport-services",
                    condition: .when(platforms: [.macOS, .iOS, .macCatalyst, .tvOS, .visionOS])
                ),
            ]
        ),
        .target(
            name: "HummingbirdTesting",
            dependencies: [
                .byName(name: "HummingbirdCore"),
            ]
        ),
        .testTarget(
            name: "HummingbirdCoreTests",
            dependencies: [
                .byName(name: "HummingbirdCore"),
                .byName(name: "HummingbirdTesting"),
            ]
        ),
    ]
)
