// swift-tools-version: 6.0
// What package.json holds (a saved dump-package): the fixture is read without the products' packages.
import PackageDescription

let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")

let package = Package(
    name: "Unlisted",
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    ],
    targets: [
        .target(name: "Core"),
        .target(name: "Model", dependencies: ["Core", .product(name: "Crypto", package: "swift-crypto"), hummingbird]),
        .target(name: "Web", dependencies: ["Model", hummingbird]),
        .target(name: "Pure"),
    ]
)
