import Foundation
import StrataTestSupport

/// A small layered package in a temporary folder: Core, ShopEntity, ShopUseCase, with its rules.
struct ShopPackage {
    let directory: TemporaryDirectory
    var root: URL { directory.url }

    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Core"),
                .target(name: "ShopEntity", dependencies: ["Core"]),
                .target(name: "ShopUseCase", dependencies: ["ShopEntity"]),
            ]
        )

        """

    static let rules = """
        version: 1
        layers:
          - name: core
            targets: [Core]
            may_use: []

          # Entities are plain values: they know the core and nothing that runs.
          - name: entity
            targets: ["{feature}Entity"]
            may_use: [core]

          - name: usecase
            targets: ["{feature}UseCase"]
            may_use: [entity, core]

        """

    init(rules: String? = rules) throws {
        directory = try TemporaryDirectory()
        try write("Package.swift", Self.manifest)
        if let rules { try write("strata.yml", rules) }
        try write("Sources/Core/Money.swift", "public struct Money {}\n")
        try write("Sources/ShopEntity/Item.swift", "import Core\n\npublic struct Item {}\n")
        try write("Sources/ShopUseCase/ListItems.swift", "import ShopEntity\n\npublic struct ListItems {}\n")
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    func uri(_ path: String) -> String { root.appendingPathComponent(path).absoluteString }
}
