import Testing

@testable import StrataLint

@Suite("Declarations and string literals from the reader")
struct SourceFactsTests {
    let reader = SwiftFileReader(builds: Builds(modules: ["Own"]))

    func declarations(_ source: String) -> [String] {
        reader.read(source).declarations.map { "\($0.kind) \($0.name) \($0.line):\($0.column)" }
    }

    func strings(_ source: String) -> [String] {
        reader.read(source, strings: true).strings.map(\.content)
    }

    @Test("every type-declaring keyword at any access level, and extensions, with the name's line and column")
    func declarationForms() {
        let source = """
            struct A {}
            public enum B: Error { case x }
            final class C<T>: D {}
            @MainActor package actor E {}
            private protocol F: AnyObject {}
            typealias G = Int
            extension Swift.Array where Element == A {}
            enum `H` {}
            public
            struct I {}
            """
        #expect(
            declarations(source) == [
                "struct A 1:8", "enum B 2:13", "class C 3:13", "actor E 4:26", "protocol F 5:18", "typealias G 6:11",
                "extension Swift.Array 7:11", "enum H 8:6", "struct I 10:8",
            ])
    }

    @Test("comments, strings, member names, class members and inactive #if branches declare nothing")
    func hiddenDeclarations() {
        let source = ###"""
            // struct A {}
            /* enum B { /* nested */ } class C {} */
            /// protocol D
            let s = "struct E \("class F") \"actor G"
            let m = """
                typealias H = Int
                """
            let r = #"enum I "quoted" \(x)"#
            let member = x.class
            class func make() {}
            for actor in actors {}
            #if false
            struct J {}
            #else
            struct K {}
            #endif
            """###
        #expect(declarations(source) == ["struct K 15:8"])
    }

    @Test("an extension is not a declaration of the type, and its dotted name matches the last component")
    func extensions() throws {
        let found = reader.read("extension Outer.Factory {}\nextension Factory {}\nstruct Factory2 {}\n").declarations
        #expect(found.map(\.declaresType) == [false, false, true])
        #expect(found[0].extends("Factory") && found[1].extends("Factory") && !found[2].extends("Factory2"))
    }

    @Test(
        "string contents: single-line, multi-line, raw; escapes as written; interpolations as U+FFFC, their strings separate"
    )
    func stringContents() {
        let source = ###"""
            // "not a string"
            let a = "one \"two\""
            let b = """
                three
                """
            let c = #"four "five" \(six) \#(seven)"#
            let d = "x \(f("inner")) y"
            #if false
            let e = "inactive"
            #endif
            let g = #/ "regex" /#
            """###
        #expect(
            strings(source) == [
                #"one \"two\""#, "\n    three\n    ", #"four "five" \(six) "# + "\u{FFFC}", "x \u{FFFC} y", "inner",
            ])
        #expect(reader.read(source).strings.isEmpty)
    }

    @Test("a position in a literal's content maps back to the file's line and UTF-8 column")
    func positions() throws {
        let source =
            "let a = 1; let s = \"é \\(a) --x\"\nlet m = \"\"\"\n    line one\n      --y here\n    \"\"\"\nlet r = ##\"--z\"##\n"
        let found = reader.read(source, strings: true).strings
        func position(_ literal: StringLiteral, of text: String) throws -> String {
            let range = try #require(literal.content.range(of: text))
            let offset = literal.content.utf8.distance(from: literal.content.startIndex, to: range.lowerBound)
            let place = literal.position(ofUTF8Offset: offset)
            return "\(place.line):\(place.column)"
        }
        #expect(found.count == 3)
        #expect(try position(found[0], of: "é") == "1:21")
        #expect(try position(found[0], of: "--x") == "1:29")  // after the interpolation; é is two bytes
        #expect(try position(found[1], of: "--y") == "4:7")
        #expect(try position(found[2], of: "--z") == "6:12")
        #expect((found[0].line, found[0].column) == (1, 20) && (found[2].line, found[2].column) == (6, 9))
    }

    @Test("an unterminated single-line string ends at its line; the next line is code again")
    func unterminated() {
        let facts = reader.read("let s = \"open\nstruct After {}\n", strings: true)
        #expect(facts.strings.map(\.content) == ["open"])
        #expect(facts.declarations.map(\.name) == ["After"])
    }
}
