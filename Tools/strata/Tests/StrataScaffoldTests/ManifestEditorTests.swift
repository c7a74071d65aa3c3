import Foundation
import Testing

@testable import StrataScaffold

/// The swift-syntax manifest editor: entries go in and out keeping every other byte.
@Suite("Manifest editor")
struct ManifestEditorTests {
    static let entry = #".target(name: "Notes", dependencies: [], path: "Sources/Notes")"#

    func manifest(_ targets: String, before: String = "") -> String {
        "// swift-tools-version: 6.0\nimport PackageDescription\n\(before)\nlet package = Package(\n    name: \"P\",\n    targets: \(targets)\n)\n"
    }

    @Test("a target goes after the last element, indented like the elements; comma, comment and blank lines stay")
    func appendsTargets() throws {
        let source = manifest(
            "[\n        .target(name: \"A\"), // the core\n\n        .target(name: \"B\")  // last, no comma\n    ]")
        let edited = try ManifestEditor.addingTargets([Self.entry], to: source)
        #expect(
            edited
                == manifest(
                    "[\n        .target(name: \"A\"), // the core\n\n        .target(name: \"B\"),  // last, no comma\n        \(Self.entry),\n    ]"
                ))
    }

    @Test("tabs and CRLF line endings are kept: the new lines use them")
    func tabsAndCRLF() throws {
        let source = manifest("[\n\t\t.target(name: \"A\"),\n\t]").replacingOccurrences(of: "    ", with: "\t")
            .replacingOccurrences(of: "\n", with: "\r\n")
        let edited = try ManifestEditor.addingTargets([Self.entry], to: source)
        #expect(edited == source.replacingOccurrences(of: "A\"),\r\n", with: "A\"),\r\n\t\t\(Self.entry),\r\n"))
    }

    @Test("an empty array, inline or on two lines, gets one entry a line")
    func emptyArray() throws {
        #expect(
            try ManifestEditor.addingTargets([Self.entry], to: manifest("[]"))
                == manifest("[\n        \(Self.entry),\n    ]"))
        #expect(
            try ManifestEditor.addingTargets([Self.entry], to: manifest("[\n    ]"))
                == manifest("[\n        \(Self.entry),\n    ]"))
    }

    @Test("an array closed on its last element's line is closed on a line of its own")
    func closedInline() throws {
        #expect(
            try ManifestEditor.addingTargets([Self.entry], to: manifest("[.target(name: \"A\")]"))
                == manifest("[.target(name: \"A\"),\n        \(Self.entry),\n    ]"))
    }

    @Test("`let targets = [...]` named by `targets:` is edited where it is declared")
    func topLevelLet() throws {
        let source = manifest("targets", before: "let targets: [Target] = [\n  .target(name: \"A\"),\n]\n")
        #expect(
            try ManifestEditor.addingTargets([Self.entry], to: source)
                == manifest(
                    "targets", before: "let targets: [Target] = [\n  .target(name: \"A\"),\n  \(Self.entry),\n]\n"))
    }

    @Test(
        "targets computed by code are refused at their line and column",
        arguments: [
            ("names.map { .target(name: $0) }", "Package.swift:6:14: `targets:` is computed by code"),
            ("base + [.target(name: \"A\")]", "Package.swift:6:14: `targets:` is computed by code"),
            ("made()", "Package.swift:6:14: `targets:` is computed by code"),
        ])
    func refusals(_ targets: String, _ expected: String) {
        #expect {
            try ManifestEditor.addingTargets([Self.entry], to: manifest(targets))
        } throws: { error in
            "\(error)".hasPrefix(expected)
        }
    }

    @Test("a manifest without Package(…) or `targets:` is refused, saying what to add")
    func missingTargets() {
        let noTargets = "import PackageDescription\nlet package = Package(\n    name: \"P\"\n)\n"
        #expect {
            try ManifestEditor.addingTargets([Self.entry], to: noTargets)
        } throws: { error in
            "\(error)"
                == "Package.swift:2:15: `Package(…)` has no `targets:` argument; add `targets: []` after its `products:`"
        }
    }

    static let targets = """
        [
                .target(
                    name: "A",
                    dependencies: [
                        "B", // the store
                        .product(name: "Logging", package: "swift-log"),
                    ]
                ),
                .target(name: "B", dependencies: ["C", "D"]),
                .target(name: "C", path: "Sources/C"),
                .testTarget(name: "D"),
            ]
        """

    @Test("a dependency joins a multi-line list on its own line, an inline list inline")
    func addsDependencies() throws {
        let source = manifest(Self.targets)
        let product = #".product(name: "Metrics", package: "swift-metrics")"#
        let multiline = try ManifestEditor.addingDependency(product, to: "A", in: source)
        #expect(
            multiline
                == source.replacingOccurrences(
                    of: "swift-log\"),\n", with: "swift-log\"),\n                \(product),\n"))
        let inline = try ManifestEditor.addingDependency("\"E\"", to: "B", in: source)
        #expect(inline == source.replacingOccurrences(of: "[\"C\", \"D\"]", with: "[\"C\", \"D\", \"E\"]"))
    }

    @Test("targets are removed with their lines, multi-line entries whole")
    func removesTargets() throws {
        let source = manifest(Self.targets)
        let expected = manifest(
            "[\n        .target(name: \"B\", dependencies: [\"C\", \"D\"]),\n        .testTarget(name: \"D\"),\n    ]")
        #expect(try ManifestEditor.removingTargets(["A", "C"], from: source) == expected)
    }

    @Test("a plugin product of the same name is not taken for the plugin target")
    func pluginProduct() throws {
        let source =
            "let package = Package(\n    name: \"P\",\n    products: [.plugin(name: \"Tool\", targets: [\"Tool\"])],\n    targets: [.plugin(name: \"Tool\", capability: .buildTool())]\n)\n"
        #expect(
            try ManifestEditor.addingDependency("\"Gen\"", to: "Tool", in: source)
                == source.replacingOccurrences(
                    of: #"name: "Tool", capability"#, with: #"name: "Tool", dependencies: ["Gen"], capability"#))
    }

    @Test("`.target(name:)` in another target's dependencies is not taken for a second declaration")
    func targetDependencyEntry() throws {
        let source =
            "let package = Package(\n    name: \"P\",\n    targets: [\n        .macro(name: \"Plugin\", dependencies: []),\n        .target(name: \"Lib\", dependencies: [.target(name: \"Plugin\", condition: .when(traits: [\"T\"]))]),\n    ]\n)\n"
        #expect(
            try ManifestEditor.addingDependency("\"Gen\"", to: "Plugin", in: source)
                == source.replacingOccurrences(
                    of: #"name: "Plugin", dependencies: []"#, with: #"name: "Plugin", dependencies: ["Gen"]"#))
    }

    @Test("a target without `dependencies:` gets one right after `name:`")
    func addsDependenciesArgument() throws {
        let source = manifest(Self.targets)
        #expect(
            try ManifestEditor.addingDependency("\"A\"", to: "C", in: source)
                == source.replacingOccurrences(
                    of: #"name: "C", path"#, with: #"name: "C", dependencies: ["A"], path"#))
        #expect(
            try ManifestEditor.addingDependency("\"A\"", to: "D", in: source)
                == source.replacingOccurrences(of: #"name: "D")"#, with: #"name: "D", dependencies: ["A"])"#))
    }

    @Test("removing a dependency takes its line, or its place in an inline list, and nothing else")
    func removesDependencies() throws {
        let source = manifest(Self.targets)
        #expect(
            try ManifestEditor.removingDependency("B", from: "A", in: source)
                == source.replacingOccurrences(of: "                \"B\", // the store\n", with: ""))
        #expect(
            try ManifestEditor.removingDependency("C", from: "B", in: source)
                == source.replacingOccurrences(of: "[\"C\", \"D\"]", with: "[\"D\"]"))
        #expect(
            try ManifestEditor.removingDependency("D", from: "B", in: source)
                == source.replacingOccurrences(of: "[\"C\", \"D\"]", with: "[\"C\"]"))
        #expect(try ManifestEditor.removingDependency("Z", from: "B", in: source) == source)
    }

    @Test("one change adds and removes in the same list, and does not add an entry that is there")
    func combined() {
        let source = manifest(Self.targets)
        let change = ManifestEditor.DependencyChange(target: "B", adding: ["\"E\"", "\"C\""], removing: ["D"])
        let result = ManifestEditor.changingDependencies([change], in: source)
        #expect(result.refused.isEmpty)
        #expect(result.text == source.replacingOccurrences(of: "[\"C\", \"D\"]", with: "[\"C\", \"E\"]"))
    }

    @Test("a target built by code, or dependencies computed by code, are refused at their line and column")
    func dependencyRefusals() {
        let source = manifest("[\n        .target(name: \"A\", dependencies: shared),\n    ]")
        #expect {
            try ManifestEditor.addingDependency("\"B\"", to: "A", in: source)
        } throws: { error in
            "\(error)".hasPrefix("Package.swift:7:42: the dependencies of A are computed by code")
        }
        #expect {
            try ManifestEditor.addingDependency("\"B\"", to: "Z", in: source)
        } throws: { error in
            "\(error)".hasPrefix("Package.swift:6:14: declares no `.target(name: \"Z\", …)` written out")
        }
    }
}
