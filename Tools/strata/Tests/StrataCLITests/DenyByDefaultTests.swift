import Foundation
import StrataTestSupport
import Testing

/// Deny by default on the built binary: what a layer does not list fails, a version-1 file warns,
/// and `strata init` (and `--upgrade-rules`) make an adopter's package pass on the first run.
@Suite("Deny by default, end to end", .serialized)
struct DenyByDefaultTests {
    let strata = BinaryRunner(product: "strata")

    @Test("a web framework in an entity fails at the import's line, naming the layer, the product and the fix")
    func hummingbirdInAnEntity() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.path("strata")
        try RepositoryCopy.sync(from: ScaffoldRepository.root, to: copy, seedingSourceCache: true)
        let clean = try strata.run(["lint", "--quiet", "--path", copy.path], timeout: 300)
        #expect(clean.status == 0, "\(clean.stdout)")

        // What a person, or `strata lint --fix` after `implicit-dependency`, does.
        let manifest = copy.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "entityDependencies: [crypto]", with: "entityDependencies: [crypto, hummingbird]")
        try #require(edited != text, "Package.swift no longer gives Coffee's entities [crypto]")
        try edited.write(to: manifest, atomically: true, encoding: .utf8)
        let entity = copy.appendingPathComponent("Modules/Coffee/Entity/CoffeeError.swift")
        try ("import Hummingbird\n" + String(contentsOf: entity, encoding: .utf8)).write(
            to: entity, atomically: true, encoding: .utf8)

        let broken = try strata.run(["lint", "--quiet", "--path", copy.path], timeout: 300)
        #expect(broken.status == 1, "\(broken.stdout)")
        #expect(
            broken.stdout.contains(
                "Modules/Coffee/Entity/CoffeeError.swift:1:8: error: CoffeeEntity (entity) imports Hummingbird, but entity may use only core, Crypto; if it may, add Hummingbird to the may_use of layer 'entity' in strata.yml [layer-import]"
            ), "\(broken.stdout)")
        #expect(broken.stdout.contains("error: CoffeeEntity (entity) depends on Hummingbird"), "\(broken.stdout)")
    }

    /// A package of an adopter: a model using swift-crypto and a module of swift-nio, under a version-1 file.
    func adopter(in directory: TemporaryDirectory) throws -> URL {
        let package = directory.path("Shelf")
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shelf",
                dependencies: [.package(path: "../swift-crypto")],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Model", dependencies: ["Core", .product(name: "Crypto", package: "swift-crypto")]),
                ]
            )

            """,
            "Sources/Core/Core.swift": "public struct Core {}\n",
            "Sources/Model/Model.swift": "import Core\nimport Crypto\nimport Foundation\n\npublic struct Model {}\n",
            "strata.yml": """
            # Written before deny by default.
            version: 1
            layers:
              - name: core
                targets: [Core]
              - name: model
                targets: [Model]
                may_use: [core]   # the layer below
            """,
        ]
        for (path, contents) in files {
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        // The manifest as SwiftPM dumps it, so no package needs resolving.
        let dump = """
            {"name": "Shelf", "dependencies": [], "products": [], "targets": [
              {"name": "Core", "type": "regular", "dependencies": [], "exclude": []},
              {"name": "Model", "type": "regular", "exclude": [], "dependencies": [
                {"byName": ["Core", null]}, {"product": ["Crypto", "swift-crypto", null, null]}]}
            ]}
            """
        try dump.write(to: package.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        return package
    }

    func run(_ arguments: [String], _ package: URL) throws -> BinaryRunner.Result {
        try strata.run(
            arguments + ["--path", package.path, "--package-json", package.appendingPathComponent("package.json").path])
    }

    @Test(
        "version 1 warns and passes; --upgrade-rules shows, then writes, version 2 listing what is used, and lint passes"
    )
    func upgradeAnAdopter() throws {
        let directory = try TemporaryDirectory()
        let package = try adopter(in: directory)
        let warned = try run(["lint"], package)
        #expect(warned.status == 0, "\(warned.stdout)")
        #expect(
            warned.stdout.contains(
                "Sources/Model/Model.swift:2:8: warning: Model (model) imports Crypto, which no layer of strata.yml lists; if layer 'model' may use it, add it to the layer's may_use: `may_use: [core, Crypto]`"
            ), "\(warned.stdout)")
        #expect(warned.stdout.contains("`strata init --upgrade-rules`"))
        #expect(!warned.stdout.contains(": error: "))

        let rules = package.appendingPathComponent("strata.yml")
        let before = try String(contentsOf: rules, encoding: .utf8)
        let diff = try run(["init", "--upgrade-rules", "--dry-run"], package)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("-version: 1\n+version: 2\n"), "\(diff.stdout)")
        #expect(
            diff.stdout.contains(
                "-    may_use: [core]   # the layer below\n+    may_use: [core, Crypto]   # the layer below\n"),
            "\(diff.stdout)")
        #expect(diff.stderr.contains("model: Crypto"))
        #expect(try String(contentsOf: rules, encoding: .utf8) == before)

        let written = try run(["init", "--upgrade-rules"], package)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(
            try String(contentsOf: rules, encoding: .utf8)
                == before.replacingOccurrences(of: "version: 1", with: "version: 2")
                .replacingOccurrences(of: "[core]", with: "[core, Crypto]"))
        let clean = try run(["lint"], package)
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stdout)")
        let again = try run(["init", "--upgrade-rules"], package)
        #expect(again.status == 0 && again.stderr.contains("at version 2 already"))

        // Version 2 is deny by default: a new product no layer lists fails.
        let model = package.appendingPathComponent("Sources/Model/Model.swift")
        try ("import NIOCore\n" + String(contentsOf: model, encoding: .utf8)).write(
            to: model, atomically: true, encoding: .utf8)
        let denied = try run(["lint"], package)
        #expect(denied.status == 1)
        #expect(
            denied.stdout.contains(
                "Sources/Model/Model.swift:1:8: error: Model (model) imports NIOCore, which no layer of strata.yml lists"
            ),
            "\(denied.stdout)")
    }

    @Test("an adopter's unlisted product fails under version 2; strata init then lint is green")
    func initAnAdopter() throws {
        let directory = try TemporaryDirectory()
        let package = try adopter(in: directory)
        let rules = package.appendingPathComponent("strata.yml")
        try String(contentsOf: rules, encoding: .utf8).replacingOccurrences(of: "version: 1", with: "version: 2")
            .write(to: rules, atomically: true, encoding: .utf8)
        let failed = try run(["lint"], package)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("error: Model (model) imports Crypto, which no layer of strata.yml lists"))

        let initialised = try run(["init", "--force"], package)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        let written = try String(contentsOf: rules, encoding: .utf8)
        #expect(written.contains("version: 2\n") && written.contains("\"Crypto\""), "\(written)")
        let clean = try run(["lint"], package)
        #expect(clean.status == 0 && !clean.stdout.contains("error"), "\(clean.stdout)")
    }

    @Test(
        "--upgrade-rules without a strata.yml exits 66; a strata.yml that names a layer in its own may_use exits 2 at its line"
    )
    func badInput() throws {
        let directory = try TemporaryDirectory()
        let package = try adopter(in: directory)
        let rules = package.appendingPathComponent("strata.yml")
        try
            "version: 2\nlayers:\n  - name: core\n    targets: [Core]\n  - name: model\n    targets: [Model]\n    may_use: [core, model, Crypto]\n"
            .write(to: rules, atomically: true, encoding: .utf8)
        let selfListed = try run(["lint"], package)
        #expect(selfListed.status == 2)
        #expect(
            selfListed.stderr
                == "strata.yml:7:21: error: layer 'model' names itself in its may_use; the targets of a layer may always use one another, so remove it\n"
        )
        try FileManager.default.removeItem(at: rules)
        let missing = try run(["init", "--upgrade-rules"], package)
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("strata: error: no strata.yml to upgrade"))
    }
}
