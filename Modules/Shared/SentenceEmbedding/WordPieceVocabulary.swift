/// The WordPiece vocabulary, keyed by UTF-8 bytes so that lookups match byte-for-byte
/// (Swift `String` equality would treat canonically equivalent spellings as one token).
struct WordPieceVocabulary: Sendable {
    let idsByPiece: [[UInt8]: Int32]
    let count: Int

    /// Reads `vocab.txt`: one token per line, a token's id is its line number counted from 0.
    init(vocabularyFile bytes: UnsafeRawBufferPointer, path: String) throws(SentenceEmbeddingError) {
        var ids: [[UInt8]: Int32] = [:]
        var lineNumber: Int32 = 0
        var lineStart = 0
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != newline {
                lineEnd += 1
            }
            var tokenEnd = lineEnd
            if tokenEnd > lineStart && bytes[tokenEnd - 1] == carriageReturn {
                tokenEnd -= 1
            }
            ids[Array(bytes[lineStart..<tokenEnd])] = lineNumber
            lineNumber += 1
            lineStart = lineEnd + 1
        }
        guard lineNumber > 0 else {
            throw .damagedModel(path: path, reason: "the vocabulary is empty")
        }
        self.idsByPiece = ids
        self.count = Int(lineNumber)
    }

    func id(of token: String) -> Int32? {
        idsByPiece[Array(token.utf8)]
    }
}
