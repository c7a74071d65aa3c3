import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// Reading Package.swift from its syntax, as `strata new` does before it edits one: the same
/// graph SwiftPM's evaluation gives, or a refusal.
@Suite("Declarative manifests")
struct DeclarativeManifestTests {
    /// Manifests in every form the reader takes; each is also evaluated by the real SwiftPM.
    static let declarative: [String] = [
        // Every target kind and dependency form, paths, exclude, sources, settings it ignores.
        """
        // swift-tools-version: 6.0
        import PackageDescription
        import CompilerPluginSupport

        let yams: Target.Dependency = .product(name: "Yams", package: "Yams")
        let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny"), .unsafeFlags(["-Onone"])]

        let package = Package(
            name: "Kinds",
            platforms: [.macOS(.v14)],
            products: [.library(name: "A", targets: ["A"]), .executable(name: "b", targets: ["B"])],
            dependencies: [.package(url: "https://github.com/jpsim/Yams", from: "6.2.2")],
            targets: [
                .target(
                    name: "A", dependencies: ["B", .target(name: "C"), yams, .byName(name: "D")],
                    path: "Modules/A/", exclude: ["README.md", "Old"], sources: ["Main", "Extra.swift"],
                    resources: [.process("Data")], swiftSettings: strict),
                .executableTarget(name: "B", dependencies: [.target(name: "C", condition: .when(platforms: [.linux]))]),
                .testTarget(name: "ATests", dependencies: ["A", .product(name: "Yams", package: "Yams")]),
                .systemLibrary(name: "S", pkgConfig: "s", providers: [.apt(["libs-dev"])]),
                .binaryTarget(name: "Bin", path: "Bin.xcframework"),
                .plugin(name: "P", capability: .buildTool(), dependencies: ["B"]),
                .macro(name: "M"),
                Target.target(name: "C", path: nil, swiftSettings: strict),
                .target(name: "D", dependencies: [Target.Dependency.product(name: "Yams", package: "Yams")]),
            ],
            swiftLanguageModes: [.v6]
        )
        """,
        // Constants, concatenation, parentheses, and changes to the package after it is made.
        """
        // swift-tools-version:5.9
        import PackageDescription

        let core = "Core"
        var shared: [Target] = [
            .target(name: core),
            .target(name: "Models", dependencies: [.target(name: core)], path: "Sources/" + "Models"),
        ]
        shared.append(.target(name: "Client", dependencies: ["Models"]))
        let features: [Target] = [.target(name: "AppFeature", dependencies: ["Client", "Models"])]
        let tests: [Target] = [.testTarget(name: "AppFeatureTests", dependencies: ["AppFeature"])]

        let package = Package(name: "Shapes", targets: shared + (features))
        package.targets += tests
        package.targets.append(.executableTarget(name: "app", dependencies: ["AppFeature"]))
        package.targets.append(contentsOf: [.target(name: "Extra")])
        package.products = [.library(name: "Models", targets: ["Models"])]
        package.platforms = [.macOS(.v13)]
        """,
        // Arguments the checker does not read may hold any expression without a body: they are
        // followed, not evaluated. Braces in comments and strings are text.
        """
        // swift-tools-version: 6.0
        import PackageDescription
        import Foundation  // { not code }

        /* A comment with { braces } and /* a nested one */ too. */
        let useLocal = ProcessInfo.processInfo.environment["LOCAL"] != nil
        let flags: [String: String] = ["A": "1", "B": "{2}"]; let none = [String: Int]()
        let package = Package(
            name: "Ignored",
            platforms: [.macOS(.v14), .iOS("17.0")],
            products: [.library(name: "Lib", type: .dynamic, targets: ["Lib"])],
            dependencies: useLocal
                ? [.package(path: "../Yams")]
                : [.package(url: "https://github.com/jpsim/Yams", "6.0.0"..<"7.0.0")],
            targets: [
                .target(
                    name: "Lib",
                    dependencies: [.product(name: "Yams", package: "Yams", condition: .when(platforms: [.linux]))],
                    exclude: ["notes.txt",],
                    cSettings: [.define("LEVEL", to: flags["A"] ?? "0"), .headerSearchPath("include")],
                    swiftSettings: [.define("FAST", .when(configuration: .release)), .unsafeFlags(["-O", "-DX=\\\"y\\\""])],
                    linkerSettings: [.linkedLibrary("z", .when(platforms: [.linux])), .linkedFramework(ProcessInfo.processInfo.environment["FW"]?.lowercased() ?? "Cocoa")]
                ),
                .executableTarget(name: "tool", dependencies: ["Lib"], path: "Sources/tool"),
                .testTarget(name: "LibTests", dependencies: ["Lib"], resources: [.copy("Fixtures")],),
            ],
            swiftLanguageModes: [.v6],
            cxxLanguageStandard: .cxx17
        )
        package.dependencies += []
        """,
        // Statements that continue on the next line, as Swift reads them: a leading `.member`, an
        // infix `+`; and `;` between statements on one line.
        """
        // swift-tools-version:6.0
        import PackageDescription

        let base: [Target] = [.target(name: "A")]
            + [.target(name: "B", dependencies: ["A"])]; let extra: [Target.Dependency] = ["B"]
        let package = Package(name: "Lines", targets: base)
        package
            .targets
            .append(.target(name: "C", dependencies: extra
                + ["A"]))
        """,
        // Settings loops like those Apple's server packages end with (Fixtures/manifests/swift-metrics.swift).
        """
        // swift-tools-version:6.0
        import PackageDescription

        let macros = [("Span 1.0", "macOS 10.15"), ("Span 1.1", "macOS 11")]
        let package = Package(
            name: "Loops",
            targets: [.target(name: "Core"), .testTarget(name: "CoreTests", dependencies: ["Core"])]
        )

        for target in package.targets {
            var settings = target.swiftSettings ?? []
            settings += macros.map { name, value in
                .enableExperimentalFeature("AvailabilityMacro=\\(name): \\(value)")
            }
            target.swiftSettings = settings
        }

        for target in package.targets {
            if target.type == .test { target.swiftSettings = [.define("TESTS")] }  // "{" in a comment
        }
        """,
    ]

    /// Manifests only running them resolves, each with the reason the reader gives and its line.
    static let computed: [(source: String, reason: String, line: Int)] = [
        (
            "let names = [\"A\"]\nlet package = Package(name: \"X\", targets: names.map { .target(name: $0) })",
            "has code that runs", 4
        ),
        (
            "#if os(Linux)\nlet name = \"L\"\n#else\nlet name = \"M\"\n#endif\nlet package = Package(name: name)",
            "has #if", 3
        ),
        (
            "let package = Package(name: \"X\")\nfor target in package.targets { target.path = \"x\" }",
            "a loop over the targets that reads or changes .path", 4
        ),
        ("func make() -> Package { Package(name: \"X\") }\nlet package = make()", "has code that runs", 3),
        (
            "let v = \"1\"\nlet package = Package(name: \"X\", targets: [.target(name: \"A\\(v)\")])",
            "interpolates a string", 4
        ),
        ("let package = Package(name: \"X\", targets: [.target(name: \"A\\u{41}\")])", "lists a target whose", 3),
        ("typealias T = Target\nlet package = Package(name: \"X\")", "has a declaration other than", 3),
        (
            "let package = Package(name: \"X\") // Package(name: \"Y\") in a comment is no second one\n"
                + "/* nor { this } */ let other = \"Package(\"\nlet t = #\"raw\"#", "has #if, a macro or a raw string",
            5
        ),
        (
            "import Foundation\nlet live = ProcessInfo.processInfo.environment[\"LIVE\"] != nil\n"
                + "let package = Package(name: \"X\", targets: [.target(name: \"A\", dependencies: live ? [\"B\"] : [])])",
            "lists a target whose", 5
        ),
        (
            "let package = Package(name: \"X\", targets: [.target(name: \"A\")])\npackage.targets.removeAll()",
            "computes or changes the targets", 3
        ),
        ("let package = Package(name: \"X\")\nprint(package.name)", "is not an assignment", 4),
        ("let base = \"X\"\nlet package = Package(name: base.uppercased())", "computes the package's name", 4),
        ("let package = Package(name: \"X\")\nlet other = Package(name: \"Y\")", "more than one Package", 4),
        ("let package = Package(name: \"X\", targets: [.target(name: \"A\", path: try? x)])", "uses try", 3),
        ("let package = Package(name: \"X\") let more = 1", "does not follow", 3),
        ("let package = Package(name: \"X\n\")", "does not end", 3),
        ("let package = Package(name: `X`)", "does not know", 3),
        (
            "let package = Package(name: \"X\", targets: [.target(name: \"A\")])\n"
                + "for target in package.targets {\n    target.dependencies += [\"B\"]\n}",
            "a loop over the targets that reads or changes .dependencies", 5
        ),
        (
            "let package = Package(name: \"X\", targets: [.target(name: \"A\")])\n"
                + "for target in package.targets { if target.type == .test { target.type = .regular } }",
            "a loop over the targets that changes .type", 4
        ),
        (
            "var shared: [Target.Dependency] = []\nlet package = Package(name: \"X\")\n"
                + "for target in package.targets { shared.append(\"A\") }",
            "a loop over the targets that uses the variable shared", 5
        ),
        (
            "let package = Package(name: \"X\")\nfor target in package.targets {\n#if os(Linux)\n#endif\n}",
            "a loop over the targets that has #", 5
        ),
        ("let all: [Target] = []\nfor target in all { }\nlet package = Package(name: \"X\")", "has code that runs", 4),
    ]

    func write(_ source: String, to directory: TemporaryDirectory) throws {
        try source.write(to: directory.path("Package.swift"), atomically: true, encoding: .utf8)
    }

    @Test("a declarative manifest reads as the same graph SwiftPM's dump-package gives", arguments: declarative)
    func sameAsSwiftPM(source: String) throws {
        let directory = try TemporaryDirectory()
        try write(source, to: directory)
        let read = GraphLoader.graph(try DeclarativeManifest.read(source), packageDirectory: directory.url)
        let evaluated = try GraphLoader.load(packageDirectory: directory.url, reading: .init(cache: false))
        #expect(evaluated.source == .evaluated)
        #expect(read == evaluated.graph)
        #expect(read.targets.count >= 2)
    }

    @Test(
        "real packages' manifests (Fixtures/manifests) read as the same graph SwiftPM's dump-package gives",
        arguments: ["swift-metrics", "hummingbird-auth", "postgres-nio", "swift-service-lifecycle"])
    func realManifests(name: String) throws {
        let source = try String(
            contentsOf: Fixture.root.appendingPathComponent("manifests/\(name).swift"), encoding: .utf8)
        try sameAsSwiftPM(source: source)
    }

    @Test("a manifest that must run is refused with the reason and line; lint reads it through SwiftPM")
    func refusals() throws {
        for (body, reason, line) in Self.computed {
            let source = "// swift-tools-version: 6.0\nimport PackageDescription\n" + body
            do {
                _ = try DeclarativeManifest.read(source)
                Issue.record("read, though it must run: \(body)")
            } catch {
                #expect(error.reason.contains(reason), "\(body)")
                #expect(error.line == line, "\(body)")
            }
        }
        // The first one loads, through SwiftPM.
        let directory = try TemporaryDirectory()
        try write("// swift-tools-version: 6.0\nimport PackageDescription\n" + Self.computed[0].source, to: directory)
        let loaded = try GraphLoader.load(packageDirectory: directory.url, reading: .init(cache: false))
        #expect(loaded.source == .evaluated)
        #expect(loaded.graph.targetNames == ["A"])
    }

    @Test("a version-specific manifest beside Package.swift: lint reads the one SwiftPM chooses")
    func versionSpecific() throws {
        let directory = try TemporaryDirectory()
        try write(Self.declarative[1], to: directory)
        let newer = Self.declarative[1].replacingOccurrences(of: "\"Extra\"", with: "\"Newer\"")
        try newer.replacingOccurrences(of: "version:5.9", with: "version:6.0").write(
            to: directory.path("Package@swift-6.0.swift"), atomically: true, encoding: .utf8)
        let loaded = try GraphLoader.load(packageDirectory: directory.url, reading: .init(cache: false))
        #expect(loaded.source == .evaluated)
        #expect(loaded.graph.targetNames.contains("Newer"))
    }

    @Test("every lint fixture's manifest reads as its saved dump-package output, or is refused")
    func fixtures() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.root.path).sorted()
        var read = 0
        for name in names where name != "manifests" {
            let fixture = Fixture(name: name)
            let saved = try GraphLoader.load(
                packageDirectory: fixture.url, dumpFile: fixture.url.appendingPathComponent("package.json"))
            let text = try String(contentsOf: fixture.url.appendingPathComponent("Package.swift"), encoding: .utf8)
            guard let manifest = try? DeclarativeManifest.read(text) else { continue }
            #expect(GraphLoader.graph(manifest, packageDirectory: fixture.url) == saved.graph, "\(name)")
            read += 1
        }
        #expect(read >= 5)
    }
}
