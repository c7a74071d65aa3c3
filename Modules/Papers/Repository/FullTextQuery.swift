import Foundation
import PapersEntity

/// A query of `QueryParser`'s language as an FTS5 query over `papers_fts`: a translation, so the
/// index finds exactly the papers `QueryMatcher` matches in memory.
///
/// Every word is one `PaperText.words` makes (the index's own tokenizer splits text the same
/// way) and is quoted, so nothing a person types is FTS5 syntax. A field is a column filter;
/// `all:` is the five text columns; `id:` and `doi:` match from the column's first word (`^`);
/// `cat:` matches the category or any category of the archive, written as the index writes
/// categories (`cs.LG` is the word `cs0lg`, see `PapersSchema.searchText`).
struct FullTextQuery: Equatable {
    /// The FTS5 query.
    let match: String
    /// Each phrase of `match` as a query of its own, in the order FTS5 numbers them: what the
    /// document frequencies of `bm25_df` are counted from.
    let phrases: [String]

    /// The translation of `expression`, or nil when it can match no paper (a word with no letter
    /// or digit, a field the library does not keep, nothing left after ANDNOT).
    init?(_ expression: QueryExpression) {
        guard let translated = Self.translate(expression) else { return nil }
        self = translated
    }

    private init(match: String, phrases: [String]) {
        self.match = match
        self.phrases = phrases
    }

    private static func translate(_ expression: QueryExpression) -> FullTextQuery? {
        switch expression {
        case .term(.cat, let name), .phrase(.cat, let name): return category(name)
        case .term(let field, let text), .phrase(let field, let text): return words(text, in: field)
        case .and(let left, let right):
            guard let left = translate(left), let right = translate(right) else { return nil }
            return left.joined("AND", right)
        case .or(let left, let right):
            switch (translate(left), translate(right)) {
            case (let left?, let right?): return left.joined("OR", right)
            case (let one?, nil), (nil, let one?): return one
            case (nil, nil): return nil
            }
        case .andNot(let left, let right):
            guard let left = translate(left) else { return nil }
            guard let right = translate(right) else { return left }
            return left.joined("NOT", right)
        }
    }

    private func joined(_ operator: String, _ right: FullTextQuery) -> FullTextQuery {
        FullTextQuery(match: "(\(match)) \(`operator`) (\(right.match))", phrases: phrases + right.phrases)
    }

    /// The columns of `field`, as an FTS5 column filter.
    private static func columns(_ field: SearchField) -> String? {
        switch field {
        case .all: "{title summary author_names comment journal_ref}"
        case .ti: "title"
        case .abs: "summary"
        case .au: "author_names"
        case .co: "comment"
        case .jr: "journal_ref"
        case .id: "arxiv_id"
        case .doi: "doi"
        case .cat, .rn: nil
        }
    }

    private static func words(_ text: String, in field: SearchField) -> FullTextQuery? {
        let words = PaperText.words(text)
        guard !words.isEmpty, let columns = columns(field) else { return nil }
        let anchor = field == .id || field == .doi ? "^" : ""
        let phrase = "\(columns) : \(anchor)\"\(words.joined(separator: " "))\"" + (text.hasSuffix("*") ? "*" : "")
        return FullTextQuery(match: phrase, phrases: [phrase])
    }

    /// A category, or an archive's every category: `cat:cs` is `cs` and `cs.*`.
    private static func category(_ name: String) -> FullTextQuery? {
        let name = name.lowercased().trimmingCharacters(in: ["*"])
        // Categories are letters, dots and dashes; the index writes the dot as 0 and the dash as 1.
        guard !name.isEmpty, name.allSatisfy({ ("a"..."z").contains($0) || $0 == "." || $0 == "-" }) else {
            return nil
        }
        let word = name.replacingOccurrences(of: ".", with: "0").replacingOccurrences(of: "-", with: "1")
        let phrases = ["categories : \"\(word)\"", "categories : \"\(word)0\"*"]
        return FullTextQuery(match: phrases.joined(separator: " OR "), phrases: phrases)
    }
}
