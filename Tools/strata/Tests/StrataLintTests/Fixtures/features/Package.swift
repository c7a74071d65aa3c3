// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Features",
    targets: [
        .target(name: "Core"),
        .target(name: "Store", dependencies: ["Core"], path: "Modules/Store"),
        .target(name: "ShopEntity", dependencies: ["Core"]),
        .target(name: "ShopUseCase", dependencies: ["ShopEntity"]),
        .target(name: "CartUseCase", dependencies: ["ShopEntity"]),
        .target(name: "Misc"),
    ]
)
