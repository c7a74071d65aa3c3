import Testing

@testable import StrataLint

@Suite("Imports from the reader")
struct ReaderImportTests {
    let reader = SwiftFileReader(builds: Builds(modules: ["Own"]))

    func modules(_ source: String) -> [String] { reader.read(source).imports.map(\.module) }

    @Test("every import form is an import, with the module's line and column")
    func importForms() {
        let source = """
            import A
            @testable import B
            @_exported import C
            import struct D.T
            import E.Sub
            public import F
            @_spi(Internal) @preconcurrency package import G
            import func H.run
            import `I`
            """
        let found = reader.read(source).imports
        #expect(found.map(\.module) == ["A", "B", "C", "D", "E", "F", "G", "H", "I"])
        #expect(found.map(\.line) == Array(1...9))
        #expect(found[3].kind == "struct" && found[3].path == ["D", "T"] && found[3].column == 15)
        #expect(found[4].path == ["E", "Sub"])
        #expect(found[1].attributes == ["testable"])
        #expect(found[6].attributes == ["_spi", "preconcurrency"])
    }

    @Test("comments, strings, raw and multi-line strings hide the word import")
    func hiddenImports() {
        let source = ###"""
            // import A
            /* import B /* nested */ import C */
            /// import D
            let s = "import E \(f("import F")) \"import G"
            let m = """
                import H
                \(g("""
                import I
                """))
                """
            let r = #"import J "quoted" \(x)"#
            let rm = ##"""
                import K """# still inside
                """##
            let member = x.import
            let regex = #/import L/#
            import Real
            """###
        #expect(modules(source) == ["Real"])
        #expect(reader.read(source).imports.first?.line == 17)
    }

    @Test("a byte order mark, a shebang, semicolons and CRLF line ends do not hide imports")
    func fileEdges() {
        let found = reader.read("\u{FEFF}import A\r\nimport B; import C\r\n").imports
        #expect(found.map(\.module) == ["A", "B", "C"])
        #expect(found.map(\.column) == [11, 8, 18])
        #expect(reader.read("#!/usr/bin/env swift\nimport D\n").imports.map(\.line) == [2])
    }

    @Test("the fixture with every import form: exact findings with line and column")
    func importsFixture() throws {
        let result = try Fixture(name: "imports").lint()
        let file = "Sources/Main/Imports.swift"
        let expected = [
            (3, 8, "Alpha"), (4, 18, "Beta"), (5, 19, "Gamma"), (6, 15, "Delta"), (7, 8, "Epsilon"), (8, 15, "Zeta"),
            (9, 33, "Eta"), (11, 8, "Theta"), (14, 8, "Iota"), (16, 8, "Kappa"), (39, 8, "Sigma"), (45, 8, "Phi"),
            (49, 13, "Psi"),
            (51, 8, "Omega"),
        ].map { "\(file):\($0.0):\($0.1) implicit-dependency Main->\($0.2)" }
        #expect(result.compact == expected)
    }
}
