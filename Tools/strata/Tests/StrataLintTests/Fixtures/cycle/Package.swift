// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Cycle",
    targets: [
        .target(name: "Alpha", dependencies: ["Beta"]),
        .target(name: "Beta", dependencies: ["Alpha"]),
        .target(name: "Gamma", dependencies: ["Delta"]),
        .target(name: "Delta"),
    ]
)
