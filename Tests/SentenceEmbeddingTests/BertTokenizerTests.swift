import Testing

@testable import SentenceEmbedding

/// The tokenizer on hand-written cases with a tiny vocabulary, so each rule shows on its own.
struct BertTokenizerTests {
    static let tokens = [
        "[PAD]", "[UNK]", "[CLS]", "[SEP]", "hello", "world", ",", "!", "un", "##aff", "##able", "cafe",
        "中", "文", "a", "##b", "(", ")", "$", "\\", "emph", "{", "}", "x", "##é",
    ]

    static func tokenizer(maximumSequenceLength: Int = 32, lowercases: Bool = true) throws -> BertTokenizer {
        let text = tokens.joined(separator: "\n") + "\n"
        let vocabulary = try Array(text.utf8).withUnsafeBytes { bytes in
            try WordPieceVocabulary(vocabularyFile: bytes, path: "vocab.txt")
        }
        return BertTokenizer(
            splitter: BertWordSplitter(
                lowercases: lowercases, stripsAccents: lowercases, isolatesChineseCharacters: true),
            vocabulary: vocabulary, maximumSequenceLength: maximumSequenceLength,
            classifierID: 2, separatorID: 3, unknownID: 1)
    }

    /// The tokens for `text`, between [CLS] and [SEP].
    static func pieces(_ text: String, maximumSequenceLength: Int = 32, lowercases: Bool = true) throws -> [String] {
        let ids = try tokenizer(maximumSequenceLength: maximumSequenceLength, lowercases: lowercases).tokenIDs(
            for: text)
        #expect(ids.first == 2 && ids.last == 3)
        return ids.dropFirst().dropLast().map { tokens[Int($0)] }
    }

    @Test func vocabularyIdsAreLineNumbers() throws {
        let tokenizer = try Self.tokenizer()
        #expect(tokenizer.vocabulary.count == Self.tokens.count)
        #expect(tokenizer.vocabulary.id(of: "hello") == 4)
        #expect(tokenizer.vocabulary.id(of: "##é") == 24)
    }

    @Test func lowerCasesAndSplitsOnPunctuation() throws {
        #expect(try Self.pieces("Hello, WORLD!") == ["hello", ",", "world", "!"])
        #expect(try Self.pieces("\\emph{x}") == ["\\", "emph", "{", "x", "}"])
        #expect(try Self.pieces("$x$ (a)") == ["$", "x", "$", "(", "a", ")"])
    }

    @Test func greedyLongestMatchWithContinuationPieces() throws {
        #expect(try Self.pieces("unaffable") == ["un", "##aff", "##able"])
        #expect(try Self.pieces("abbb") == ["a", "##b", "##b", "##b"])
    }

    @Test func aWordWithAnUnmatchedRestIsOneUnknown() throws {
        #expect(try Self.pieces("unaffablex hello") == ["[UNK]", "hello"])
        #expect(try Self.pieces("zebra") == ["[UNK]"])
    }

    @Test func wordsOverAHundredCharactersAreUnknown() throws {
        let hundred = "a" + String(repeating: "b", count: 99)
        #expect(try Self.pieces(hundred, maximumSequenceLength: 128).count == 100)
        #expect(try Self.pieces(hundred + "b") == ["[UNK]"])
    }

    @Test func stripsAccentsOnlyWhenLowerCasing() throws {
        #expect(try Self.pieces("Café CAFÉ") == ["cafe", "cafe"])
        // Without lower-casing the accent stays, and "caf" is no token.
        #expect(try Self.pieces("cafe café", lowercases: false) == ["cafe", "[UNK]"])
    }

    @Test func isolatesChineseCharacters() throws {
        #expect(try Self.pieces("中文hello") == ["中", "文", "hello"])
    }

    @Test func dropsControlCharactersAndNormalisesWhitespace() throws {
        #expect(try Self.pieces("hello\u{0}\u{7}\tworld\u{200B}\u{FFFD}\r\n\u{A0}a") == ["hello", "world", "a"])
        #expect(try Self.pieces("") == [])
        #expect(try Self.pieces(" \t\n ") == [])
    }

    @Test func truncatesToTheMaximumSequenceLength() throws {
        #expect(try Self.pieces("hello world hello world", maximumSequenceLength: 5) == ["hello", "world", "hello"])
        #expect(try Self.pieces("unaffable world", maximumSequenceLength: 4) == ["un", "##aff"])
    }

    @Test func punctuationFollowsBertsDefinition() {
        for ascii in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars {
            #expect(BertWordSplitter.isPunctuation(ascii))
        }
        #expect(BertWordSplitter.isPunctuation("«"))
        #expect(BertWordSplitter.isPunctuation("—"))
        #expect(BertWordSplitter.isPunctuation("¿"))
        #expect(!BertWordSplitter.isPunctuation("a"))
        #expect(!BertWordSplitter.isPunctuation("€"))
        #expect(!BertWordSplitter.isPunctuation("🚀"))
    }
}

/// The ideograph blocks follow HuggingFace's Rust tokenizer, which sentence-transformers runs.
@Test func chineseCharacterBlocksFollowTheRustTokenizer() throws {
    #expect(BertWordSplitter.isChineseCharacter("中"))
    #expect(BertWordSplitter.isChineseCharacter("\u{3400}"))
    #expect(BertWordSplitter.isChineseCharacter("\u{2B920}"))
    #expect(!BertWordSplitter.isChineseCharacter("\u{2B820}"))
    #expect(!BertWordSplitter.isChineseCharacter("か"))
    #expect(!BertWordSplitter.isChineseCharacter("한"))
}
