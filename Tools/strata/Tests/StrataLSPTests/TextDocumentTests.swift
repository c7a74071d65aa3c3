import StrataLSP
import Testing

@Suite struct TextDocumentTests {
    @Test func incrementalEditsCountUTF16UnitsByDefault() {
        // "é" is one UTF-16 unit and two UTF-8 bytes; "😀" two units and four bytes.
        var document = TextDocument(text: "let é = 1\nlet 😀x = 2\n", version: 1)
        document.apply(
            .init(range: TextRange(start: .init(line: 1, character: 6), end: .init(line: 1, character: 7)), text: "y"),
            encoding: .utf16)
        #expect(document.text == "let é = 1\nlet 😀y = 2\n")
        #expect(document.position(line: 2, utf8Column: 9, encoding: .utf16) == Position(line: 1, character: 6))
        #expect(document.position(line: 2, utf8Column: 9, encoding: .utf8) == Position(line: 1, character: 8))
    }

    @Test func utf8EncodingUsesByteColumns() {
        var document = TextDocument(text: "import é\r\nimport B\r\n", version: 1)
        document.apply(
            .init(range: TextRange(start: .init(line: 1, character: 7), end: .init(line: 1, character: 8)), text: "C"),
            encoding: .utf8)
        #expect(document.text == "import é\r\nimport C\r\n")
        #expect(document.line(0) == "import é")
        #expect(document.utf8Place(of: .init(line: 0, character: 7), encoding: .utf16) == (1, 8))
    }

    @Test func tokenEndCoversTheModuleName() {
        let document = TextDocument(text: "@testable import Hummingbird.Router\n", version: nil)
        #expect(document.tokenEnd(line: 1, utf8Column: 18, encoding: .utf16) == Position(line: 0, character: 28))
    }
}
