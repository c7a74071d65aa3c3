// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Layers",
    targets: [
        .target(name: "Core"),
        .target(name: "ShopEntity", dependencies: ["Core"]),
        .target(name: "ShopRepository", dependencies: ["ShopEntity", "Core"]),
        .target(name: "ShopUseCase", dependencies: ["ShopRepository", "ShopEntity"]),
        .target(name: "ShopPresenter", dependencies: ["ShopUseCase", "ShopEntity", "ShopRepository"]),
    ]
)
