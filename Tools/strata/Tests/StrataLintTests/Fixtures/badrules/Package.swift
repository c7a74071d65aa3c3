// swift-tools-version: 6.0
import PackageDescription

let package = Package(name: "BadRules", targets: [.target(name: "Core"), .target(name: "Lib", dependencies: ["Core"])])
