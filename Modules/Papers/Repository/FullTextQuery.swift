/// Turns what a person types into an FTS5 query that cannot be a syntax error.
///
/// Words must all match (in any order); `"two words"` is a phrase; `word*` a prefix;
/// `ti:`, `au:` and `abs:` limit a word to the title, the authors or the abstract.
/// Everything else is quoted, so FTS5 operators and punctuation in the input are plain text.
enum FullTextQuery {
    static let columns = ["ti": "title", "au": "author_names", "abs": "summary"]

    /// The query of `terms`: all of them.
    static func match(_ terms: [String]) -> String { terms.joined(separator: " AND ") }

    /// Each word, phrase or prefix of `text` as an FTS5 query of its own, in order: FTS5 numbers
    /// the phrases of `match(terms)` in this order.
    static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            var column: String?
            if let colon = rest.firstIndex(where: { $0 == ":" || $0.isWhitespace || $0 == "\"" }), rest[colon] == ":",
                let name = columns[rest[..<colon].lowercased()]
            {
                column = name
                rest = rest[rest.index(after: colon)...]
            }
            var word: Substring
            if rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
                word = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                word = rest[..<end]
                rest = rest[end...]
            }
            let prefix = word.hasSuffix("*")
            if prefix { word = word.dropLast() }
            let cleaned = word.filter { $0 != "\"" }
            guard cleaned.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            let term = "\"\(cleaned)\"" + (prefix ? "*" : "")
            terms.append(column.map { "\($0) : \(term)" } ?? term)
        }
        return terms
    }
}
