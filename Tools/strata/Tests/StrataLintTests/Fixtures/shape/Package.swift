// swift-tools-version: 6.0
import PackageDescription

// Four features whose factories show each way a required type can be missing: Shop has every
// required type, Cart renamed its factory away, Wish only extends it, Gift mentions it only in
// comments, strings and an inactive #if branch. Log and Terminal are shared modules.
let package = Package(
    name: "Shape",
    targets: [
        .target(name: "Core"),
        .target(name: "Log", dependencies: ["Core"], path: "Modules/Log"),
        .target(name: "Terminal", dependencies: ["Core"], path: "Modules/Terminal"),
        .target(name: "ShopEntity", dependencies: ["Core"]),
        .target(name: "ShopFactory", dependencies: ["ShopEntity"]),
        .target(name: "CartEntity", dependencies: ["Core"]),
        .target(name: "CartFactory", dependencies: ["CartEntity"]),
        .target(name: "WishEntity", dependencies: ["Core"]),
        .target(name: "WishFactory", dependencies: ["WishEntity"]),
        .target(name: "GiftEntity", dependencies: ["Core"]),
        .target(name: "GiftFactory", dependencies: ["GiftEntity"]),
        .executableTarget(name: "ShopApp", dependencies: ["ShopFactory", "ShopEntity", "Terminal"]),
    ]
)
