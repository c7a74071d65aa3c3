import Testing

@testable import StrataLint

@Suite("The import lexer")
struct ImportScannerTests {
    let scanner = SwiftImportScanner(conditions: BuildConditions(modules: ["Own"]))

    func modules(_ source: String) -> [String] { scanner.scan(source).map(\.module) }

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
        let found = scanner.scan(source)
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
        #expect(scanner.scan(source).first?.line == 17)
    }

    @Test("#if branches: false skipped, true kept, undecidable both kept and marked conditional")
    func conditionalCompilation() {
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
            #endif
            #if canImport(Nothing) // no module strata knows: maybe another package's
            import G
            #elseif canImport(Glibc) // platform module: unknown
            import H
            #endif
            #if swift(<5.0)
            import I
            #endif
            """
        let found = scanner.scan(source)
        #expect(found.map(\.module) == ["B", "D", "E", "F", "G", "H"])
        #expect(found.map(\.conditional) == [false, true, true, false, true, true])
    }

    @Test("a byte order mark, a shebang, semicolons and CRLF line ends do not hide imports")
    func fileEdges() {
        let found = scanner.scan("\u{FEFF}import A\r\nimport B; import C\r\n")
        #expect(found.map(\.module) == ["A", "B", "C"])
        #expect(found.map(\.column) == [8, 8, 18])
        #expect(scanner.scan("#!/usr/bin/env swift\nimport D\n").map(\.line) == [2])
    }

    @Test("an #if nested in an inactive branch stays inactive, whatever its own condition")
    func nestedConditions() {
        let source =
            "#if false\n#if true\nimport A\n#else\nimport B\n#endif\nimport C\n#else\n#if os(Linux)\nimport D\n#endif\n#endif\nimport E\n"
        let found = scanner.scan(source)
        #expect(found.map(\.module) == ["D", "E"])
        #expect(found.map(\.line) == [10, 13])
    }

    @Test("evaluating os() for one platform keeps only its branch")
    func linuxOnly() {
        let linux = SwiftImportScanner(conditions: BuildConditions(os: "Linux"))
        let source =
            "#if os(macOS)\nimport AppKit\n#elseif os(Linux)\nimport Glibc\n#endif\n#if canImport(Darwin)\nimport Darwin\n#endif\n"
        #expect(linux.scan(source).map(\.module) == ["Glibc"])
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

@Suite("#if conditions")
struct ConditionTests {
    let conditions = BuildConditions(flags: ["DEBUG": true], modules: ["Own"])

    @Test(
        "logic over three values",
        arguments: [
            ("true", Tri.yes), ("false", .no), ("!false", .yes), ("DEBUG", .yes), ("RELEASE", .maybe),
            ("os(Linux)", .maybe), ("!os(Linux)", .maybe), ("os(Linux) || true", .yes), ("os(Linux) && false", .no),
            ("canImport(Own)", .yes), ("canImport(Foundation)", .yes), ("canImport(UIKit)", .maybe),
            ("canImport(Network)", .maybe), ("canImport(Darwin.C)", .maybe), ("canImport(Else)", .maybe),
            ("swift(>=5.9)", .yes), ("compiler(>=7.0)", .no), ("swift(<6)", .no),
            ("(DEBUG && canImport(Own)) // note", .yes),
            ("canImport(Own, _version: 1.0)", .yes), ("arch(x86_64)", .maybe),
        ])
    func evaluate(condition: String, expected: Tri) {
        #expect(conditions.evaluate(condition) == expected)
    }

    @Test(
        "one platform decides canImport of a platform's module, never of another package's",
        arguments: [
            ("Linux", "Network", Tri.no), ("macOS", "Network", .yes), ("Linux", "Glibc", .yes),
            ("macOS", "Glibc", .no), ("watchOS", "UIKit", .yes), ("macOS", "UIKit", .no), ("iOS", "AppKit", .no),
            ("Windows", "WinSDK", .yes), ("Linux", "CoreMotion", .no), ("iOS", "Security", .yes),
            ("Linux", "SomeDependencyModule", .maybe), ("Linux", "Own", .yes),
        ])
    func perPlatform(os: String, module: String, expected: Tri) {
        let conditions = BuildConditions(os: os, modules: ["Own"])
        #expect(conditions.evaluate("canImport(\(module))") == expected)
    }
}
