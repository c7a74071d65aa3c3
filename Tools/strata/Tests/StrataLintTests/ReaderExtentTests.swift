import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import StrataLint

/// The reader's shortcuts give what the long way gives: lines from the bytes as swift-syntax
/// counts them, and imports from the top level as a walk of the whole file finds them.
@Suite("the reader's extents and line table")
struct ReaderExtentTests {
    @Test("every token's line and column from the bytes is swift-syntax's, in every file and with every line ending")
    func lineTable() throws {
        let odd = ["a\rb\r\nc\n\rd", "\n\n\r\r\n", "x", "", "\u{FEFF}import A\r\nlet é = 1\rlet b = 2\n"]
        let texts = try SourceCacheTests.swiftFiles().map { try String(contentsOf: $0, encoding: .utf8) } + odd
        var tokens = 0
        for text in texts {
            var copy = text
            copy.withUTF8 { bytes in
                let tree = Parser.parse(source: bytes)
                let converter = SourceLocationConverter(fileName: "", tree: tree)
                let table = LineTable(bytes)
                for token in tree.tokens(viewMode: .sourceAccurate) {
                    for offset in [token.position, token.positionAfterSkippingLeadingTrivia] {
                        let expected = converter.location(for: offset)
                        let found = table.position(of: offset.utf8Offset)
                        #expect(found.line == expected.line && found.column == expected.column, "\(offset)")
                    }
                    tokens += 1
                }
            }
        }
        #expect(tokens > 100_000)
    }

    @Test(
        "reading imports alone finds the imports and macro modules a whole read finds, in every file, under every build",
        arguments: [Builds(modules: ["Core"]), Builds(os: "Linux", modules: ["Core"])])
    func importsAlone(builds: Builds) throws {
        let whole = SwiftFileReader(builds: builds, extent: .everything)
        let top = SwiftFileReader(builds: builds, extent: .imports)
        var imports = 0
        for file in SourceCacheTests.swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let (all, alone) = (whole.read(text), top.read(text))
            #expect(alone.imports == all.imports && alone.externalMacros == all.externalMacros, "\(file.path)")
            #expect(alone.declarations.isEmpty && alone.declarationFacts == DeclarationFacts())
            imports += alone.imports.count
        }
        #expect(imports > 300)
    }

    @Test("files whose strings are wanted are read whole, whatever the extent")
    func stringsReadWhole() {
        let source = "import A\nstruct S { let s = \"in a body\" }\n"
        let facts = SwiftFileReader(extent: .imports).read(source, strings: true)
        #expect(facts.strings.map(\.content) == ["in a body"])
        #expect(facts.declarations.map(\.name) == ["S"])
    }
}
