import Foundation
import Testing

@testable import StrataScaffold

/// The `Feature(…)` list found by swift-syntax: no marker, entries on one line or several, any line ending.
@Suite("FeatureList")
struct FeatureListTests {
    /// A list as this repository writes it: an entry over several lines, a comment, no marker.
    static let manifest = """
        let hummingbird = 1
        let features: [Feature] = [
            // Orders live in SQLite.
            Feature(
                "Coffee", app: "coffee",
                infrastructure: ["Database"]),
            Feature("Papers", app: "papers", infrastructure: ["HTTPClient"]),
        ]
        let other = [1]

        """

    @Test("an entry goes after the last one, indented like it, and comes out byte for byte")
    func insertAndRemove() throws {
        let list = FeatureList(text: Self.manifest)
        #expect(list.names == ["Coffee", "Papers"])
        let (text, line) = try list.inserting("Feature(\"Notes\", app: \"notes\")")
        #expect(line == "    Feature(\"Notes\", app: \"notes\"),")
        #expect(
            text.contains(
                "    Feature(\"Papers\", app: \"papers\", infrastructure: [\"HTTPClient\"]),\n    Feature(\"Notes\", app: \"notes\"),\n]"
            ))
        #expect(FeatureList(text: text).declares("Notes") && !FeatureList(text: text).declares("Note"))
        #expect(try FeatureList(text: text).removing("Notes", recorded: line) == Self.manifest)
        // An entry over several lines goes whole.
        let withoutCoffee = try list.removing("Coffee", recorded: nil)
        #expect(
            !withoutCoffee.contains("Coffee")
                && withoutCoffee.contains("// Orders live in SQLite.\n    Feature(\"Papers\""))
    }

    @Test("a CRLF manifest gets CRLF lines, and its entry is replaced and removed")
    func crlf() throws {
        let manifest = Self.manifest.replacingOccurrences(of: "\n", with: "\r\n")
        let (text, line) = try FeatureList(text: manifest).inserting("Feature(\"Notes\", app: \"notes\")")
        #expect(text.contains("\r\n    Feature(\"Notes\", app: \"notes\"),\r\n]\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare LF was written")
        let replaced = try FeatureList(text: text).replacing(
            "Notes", recorded: line, with: "Feature(\"Notes\", app: \"notes\", infrastructure: [\"Database\"])")
        #expect(replaced.line == "    Feature(\"Notes\", app: \"notes\", infrastructure: [\"Database\"]),")
        #expect(
            replaced.text.contains("\r\n    Feature(\"Notes\", app: \"notes\", infrastructure: [\"Database\"]),\r\n]"))
        #expect(try FeatureList(text: replaced.text).removing("Notes", recorded: replaced.line) == manifest)
    }

    @Test("an entry reformatted is still the recorded one; an edited one is refused")
    func recordedEntry() throws {
        let (text, line) = try FeatureList(text: Self.manifest).inserting("Feature(\"Notes\", app: \"notes\")")
        let reformatted = text.replacingOccurrences(
            of: "Feature(\"Notes\", app: \"notes\")",
            with: "Feature(\n        \"Notes\",\n        app: \"notes\"\n    )")
        #expect(try FeatureList(text: reformatted).removing("Notes", recorded: line) == Self.manifest)
        let edited = text.replacingOccurrences(of: "app: \"notes\"", with: "app: \"notebook\"")
        let error = #expect(throws: StrataError.self) {
            try FeatureList(text: edited).removing("Notes", recorded: line)
        }
        #expect(error?.kind == .conflict)
    }

    @Test("an empty list takes its first entry; a manifest with none, two or a computed list is refused")
    func lists() throws {
        let empty = "let features: [Feature] = [\n    // strata new appends here.\n]\n"
        let (text, _) = try FeatureList(text: empty).inserting("Feature(\"A\", app: \"a\")")
        #expect(
            text == "let features: [Feature] = [\n    // strata new appends here.\n    Feature(\"A\", app: \"a\"),\n]\n"
        )
        #expect(
            try FeatureList(text: "let features: [Feature] = []").inserting("Feature(\"A\", app: \"a\")").text
                == "let features: [Feature] = [\n    Feature(\"A\", app: \"a\"),\n]")
        for text in [
            "let targets = [1]", "let a: [Feature] = []\nlet b: [Feature] = []", "let features: [Feature] = base + []",
        ] {
            #expect(FeatureList(text: text).exists == (text != "let targets = [1]"))
            let error = #expect(throws: StrataError.self) {
                try FeatureList(text: text).inserting("Feature(\"A\", app: \"a\")")
            }
            #expect(error?.kind == .validation)
        }
    }
}
