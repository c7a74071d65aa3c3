import Testing

@testable import StrataLint

/// Where `strata new` adds targets: the end of the `targets:` array, found by the checker's own reader.
@Suite("Adding targets to a declarative manifest")
struct ManifestTargetsArrayTests {
    let entries = [#".target(name: "B", dependencies: [], path: "Sources/B")"#]

    func added(_ manifest: String) throws -> String {
        try ManifestTargetsArray.locate(in: manifest).inserting(entries, into: manifest)
    }

    @Test("after the last element, keeping a trailing comma and the comment after it")
    func trailingComma() throws {
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "P",
                targets: [
                    .target(name: "A"),  // the first
                ]
            )

            """
        #expect(
            try added(manifest) == """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(
                    name: "P",
                    targets: [
                        .target(name: "A"),
                        .target(name: "B", dependencies: [], path: "Sources/B"),  // the first
                    ]
                )

                """)
    }

    @Test("without a trailing comma, on one line, empty, and through a `let` the Package names")
    func otherLayouts() throws {
        let header = "// swift-tools-version: 6.0\nimport PackageDescription\n\n"
        #expect(
            try added(
                header
                    + "let package = Package(\n    name: \"P\",\n    targets: [\n        .target(name: \"A\")\n    ]\n)\n"
            )
                == header
                + "let package = Package(\n    name: \"P\",\n    targets: [\n        .target(name: \"A\"),\n        \(entries[0]),\n    ]\n)\n"
        )
        #expect(
            try added(header + "let package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
                == header
                + "let package = Package(name: \"P\", targets: [.target(name: \"A\"),\n    \(entries[0]),\n])\n")
        #expect(
            try added(header + "let package = Package(\n    name: \"P\",\n    targets: []\n)\n")
                == header
                + "let package = Package(\n    name: \"P\",\n    targets: [\n        \(entries[0]),\n    ]\n)\n")
        let viaLet =
            header
            + "let all: [Target] = [\n    .target(name: \"A\"),\n]\n\nlet package = Package(name: \"P\", targets: all)\n"
        #expect(try added(viaLet).contains("    .target(name: \"A\"),\n    \(entries[0]),\n]\n"))
    }

    @Test("targets built by code, or given as a sum, are refused at their line")
    func refusals() {
        let header = "// swift-tools-version: 6.0\nimport PackageDescription\n\n"
        #expect(throws: ManifestTargetsArray.Refusal.self) {
            try ManifestTargetsArray.locate(
                in: header
                    + "let package = Package(\n    name: \"P\",\n    targets: [\"A\"].map { .target(name: $0) }\n)\n")
        }
        do {
            _ = try ManifestTargetsArray.locate(
                in: header
                    + "let a: [Target] = []\nlet package = Package(\n    name: \"P\",\n    targets: a + [.target(name: \"A\")]\n)\n"
            )
            Issue.record("a sum of arrays was edited")
        } catch {
            #expect(error.line == 7 && error.reason.contains("not one array literal"), "\(error)")
        }
    }
}
