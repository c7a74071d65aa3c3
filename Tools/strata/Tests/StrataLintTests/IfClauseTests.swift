import Testing

@testable import StrataLint

/// Which `#if` clauses the reader reads: those some build of `Builds` compiles.
@Suite("#if clauses the reader reads")
struct IfClauseTests {
    /// The modules imported, `?` after those some build does not compile; the same whether the
    /// reader walks the whole file or its top level alone (`Extent.imports`).
    func imports(_ source: String, _ builds: Builds = Builds(modules: ["Own"])) -> [String] {
        let read = [SwiftFileReader.Extent.everything, .imports].map { extent in
            SwiftFileReader(builds: builds, extent: extent).read(source).imports.map {
                $0.conditional ? $0.module + "?" : $0.module
            }
        }
        #expect(read[0] == read[1], "\(source)")
        return read[0]
    }

    @Test("a clause no build compiles is not read; one only some compile is read and marked conditional")
    func clauses() {
        let source = """
            #if false
            import A
            #elseif true
            import B
            #else
            import C
            #endif
            #if os(Linux)
            import D
            #else
            import E
            #endif
            #if canImport(Own)
            import F
            #else
            import NotOwn
            #endif
            #if canImport(Nothing) // no module strata knows: maybe another package's
            import G
            #elseif canImport(Glibc) // a platform's module: some platforms have it
            import H
            #else
            import I
            #endif
            #if swift(<5.0) || compiler(>=6.4)
            import Old
            #endif
            import Last
            """
        #expect(imports(source) == ["B", "D?", "E?", "F", "G?", "H?", "I?", "Last"])
    }

    @Test("a nested clause is read only when one build compiles it and every clause around it")
    func nested() {
        let source = """
            #if os(iOS)
            #if os(Linux)
            import Never
            #elseif canImport(UIKit)
            import UIKit
            #endif
            #elseif os(Linux)
            #if canImport(Glibc)
            import Glibc
            #else
            import NoGlibc
            #endif
            #endif
            #if false
            #if true
            import Inactive
            #endif
            #endif
            """
        #expect(imports(source) == ["UIKit?", "Glibc?"])
    }

    @Test("declarations and string literals follow the same rule as imports")
    func sameForEveryFact() {
        let source = """
            #if false
            struct Hidden { let s = "hidden" }
            #elseif os(Windows)
            struct Windows { let s = "windows" }
            #endif
            """
        let facts = SwiftFileReader().read(source, strings: true)
        #expect(facts.declarations.map(\.name) == ["Windows"])
        #expect(facts.declarationFacts.types.map(\.name) == ["Windows"])
        #expect(facts.strings.map(\.content) == ["windows"])
    }

    @Test("one platform: only the clauses its builds compile")
    func onePlatform() {
        let source = """
            #if os(macOS)
            import AppKit
            #elseif os(Linux)
            import Glibc
            #endif
            #if canImport(Darwin)
            import Darwin
            #endif
            #if canImport(Own) && os(Linux)
            import Both
            #endif
            """
        #expect(imports(source, Builds(os: "Linux", modules: ["Own"])) == ["Glibc", "Both"])
        #expect(imports(source, Builds(os: "macOS", modules: ["Own"])) == ["AppKit", "Darwin"])
    }

    @Test("flags from conditions are fixed; others are read both ways")
    func flags() {
        let source = "#if DEBUG\nimport Debug\n#else\nimport Release\n#endif\n#if !TRACE\nimport Untraced\n#endif\n"
        #expect(imports(source) == ["Debug?", "Release?", "Untraced?"])
        #expect(imports(source, Builds(flags: ["DEBUG": true, "TRACE": false])) == ["Debug", "Untraced"])
    }

    @Test("swift() and compiler() compare with the conditions' version")
    func versions() {
        let source =
            "#if swift(>=6.4)\nimport New\n#else\nimport Current\n#endif\n#if compiler(<7)\nimport Six\n#endif\n"
        #expect(imports(source) == ["Current", "Six"])
        #expect(imports(source, Builds(swiftVersion: [7, 0])) == ["New"])
    }

    @Test("what strata cannot know is all true in some builds and all false in others, never mixed")
    func unknowns() {
        let source = """
            #if hasFeature(Embedded)
            import Embedded
            #elseif targetEnvironment(simulator)
            import Simulator
            #elseif canImport(SomePackage, _version: 2)
            import Versioned
            #else
            import Plain
            #endif
            """
        #expect(imports(source) == ["Embedded?", "Plain?"])
        #expect(imports("#if canImport(SomePackage, _version: 2)\nimport Versioned\n#endif\n") == ["Versioned?"])
    }
}
