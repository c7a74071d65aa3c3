import Foundation

/// A paper's words as the full-text index sees them, per field, for matching a query without the index.
///
/// Words are what SQLite's `unicode61` tokenizer with `remove_diacritics 2` makes of the text:
/// runs of letters and digits, lower-cased, accents dropped. So a watch matches a paper in
/// memory exactly when a library search for the same words would.
public struct PaperText: Sendable {
    /// The title's words, in order.
    public let title: [String]
    /// The abstract's words, in order.
    public let summary: [String]
    /// The authors' words, in order.
    public let authors: [String]
    /// The comment's and the journal reference's words.
    public let comment: [String]
    public let journal: [String]
    /// The categories, lower-cased.
    public let categories: [String]
    /// The id's words (`1312.6177` is `1312`, `6177`).
    public let id: [String]
    /// The DOI's words.
    public let doi: [String]

    /// The words of `paper`.
    public init(_ paper: Paper) {
        title = Self.words(paper.title)
        summary = Self.words(paper.summary)
        authors = Self.words(paper.authors.map(\.name).joined(separator: ", "))
        comment = Self.words(paper.comment ?? "")
        journal = Self.words(paper.journalRef ?? "")
        categories = paper.categories.map { $0.lowercased() }
        id = Self.words(paper.id)
        doi = Self.words(paper.doi ?? "")
    }

    /// Whether the paper is in `category`, or in a category of the archive `category` names (`cs` for `cs.LG`).
    public func isIn(category: String) -> Bool { isIn(Category(category)) }

    /// Whether the paper is in `category`.
    func isIn(_ category: Category) -> Bool { Self.categories(categories, include: category) }

    /// Whether a paper with `categories` (lower-cased) is in `category` or in the archive it names.
    static func categories(_ categories: [String], include category: Category) -> Bool {
        categories.contains { $0 == category.name || $0.hasPrefix(category.archivePrefix) }
    }

    /// A category or archive as a query names it, read once for many papers.
    struct Category: Sendable {
        /// The name as the paper's categories are kept: lower-cased, without a trailing `*`.
        let name: String
        /// What the categories of the archive `name` names begin with.
        let archivePrefix: String

        init(_ category: String) {
            name = category.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "*"))
            archivePrefix = name + "."
        }
    }

    /// The words of `text`: runs of letters and digits, lower-cased, accents dropped.
    public static func words(_ text: String) -> [String] {
        // ASCII text, nearly all of arXiv, needs no folding: split and lower-case its bytes.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var words: [String] = []
            var word: [UInt8] = []
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
                default:
                    if !word.isEmpty {
                        words.append(String(decoding: word, as: UTF8.self))
                        word.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
            return words
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }
}

extension QueryExpression {
    /// A word or phrase the expression asks for (not under ANDNOT's right side): what ranks a match.
    public struct Term: Sendable, Equatable {
        public let field: SearchField
        public let words: String
    }

    /// The terms a match is ranked by: every term and phrase outside an ANDNOT's right side.
    public var positiveTerms: [Term] {
        switch self {
        case .term(let field, let word): [Term(field: field, words: word)]
        case .phrase(let field, let words): [Term(field: field, words: words)]
        case .and(let left, let right), .or(let left, let right): left.positiveTerms + right.positiveTerms
        case .andNot(let left, _): left.positiveTerms
        }
    }

    /// The positive terms joined by OR: what ranks a paper that matches the expression (nil when it has none).
    public var anyPositiveTerm: QueryExpression? {
        QueryExpression.any(of: positiveTerms.map { .phrase($0.field, $0.words) })
    }

    /// Whether the paper of `text` matches, as arXiv reads the query: a word or phrase in its field
    /// (`all` is any of them), `word*` a prefix, `cat:` a category or archive.
    public func matches(_ text: PaperText) -> Bool { QueryMatcher(self).matches(text) }
}

/// A query ready to match many papers: its words split once, not once per paper.
public struct QueryMatcher: Sendable {
    private indirect enum Node: Sendable {
        case words(SearchField, [String], prefix: Bool)
        case category(PaperText.Category)
        case and(Node, Node)
        case or(Node, Node)
        case andNot(Node, Node)
    }

    private let root: Node

    public init(_ expression: QueryExpression) { root = Self.node(expression) }

    private static func node(_ expression: QueryExpression) -> Node {
        switch expression {
        case .term(.cat, let word), .phrase(.cat, let word): .category(PaperText.Category(word))
        case .term(let field, let words), .phrase(let field, let words):
            .words(field, PaperText.words(words), prefix: words.hasSuffix("*"))
        case .and(let left, let right): .and(node(left), node(right))
        case .or(let left, let right): .or(node(left), node(right))
        case .andNot(let left, let right): .andNot(node(left), node(right))
        }
    }

    /// Whether the paper of `text` matches, as arXiv reads the query: a word or phrase in its field
    /// (`all` is any of them), `word*` a prefix, `cat:` a category or archive.
    public func matches(_ text: PaperText) -> Bool { Self.matches(root, text) }

    private static func matches(_ node: Node, _ text: PaperText) -> Bool {
        switch node {
        case .category(let category): return text.isIn(category)
        case .words(let field, let wanted, let prefix):
            guard !wanted.isEmpty else { return false }
            switch field {
            case .all:
                return sequence(text.title, contains: wanted, lastIsPrefix: prefix)
                    || sequence(text.summary, contains: wanted, lastIsPrefix: prefix)
                    || sequence(text.authors, contains: wanted, lastIsPrefix: prefix)
                    || sequence(text.comment, contains: wanted, lastIsPrefix: prefix)
                    || sequence(text.journal, contains: wanted, lastIsPrefix: prefix)
            case .ti: return sequence(text.title, contains: wanted, lastIsPrefix: prefix)
            case .abs: return sequence(text.summary, contains: wanted, lastIsPrefix: prefix)
            case .au: return sequence(text.authors, contains: wanted, lastIsPrefix: prefix)
            case .co: return sequence(text.comment, contains: wanted, lastIsPrefix: prefix)
            case .jr: return sequence(text.journal, contains: wanted, lastIsPrefix: prefix)
            case .id: return starts(text.id, with: wanted, lastIsPrefix: prefix)
            case .doi: return starts(text.doi, with: wanted, lastIsPrefix: prefix)
            case .cat, .rn: return false
            }
        case .and(let left, let right): return matches(left, text) && matches(right, text)
        case .or(let left, let right): return matches(left, text) || matches(right, text)
        case .andNot(let left, let right): return matches(left, text) && !matches(right, text)
        }
    }

    /// Whether `words` begins with `wanted` (an id or DOI is asked for whole or by its start).
    private static func starts(_ words: [String], with wanted: [String], lastIsPrefix: Bool) -> Bool {
        guard words.count >= wanted.count else { return false }
        return sequence(Array(words[..<wanted.count]), contains: wanted, lastIsPrefix: lastIsPrefix)
    }

    /// Whether `words` holds `wanted` as consecutive words; with `lastIsPrefix`, the last one may go on.
    private static func sequence(_ words: [String], contains wanted: [String], lastIsPrefix: Bool) -> Bool {
        guard words.count >= wanted.count else { return false }
        let last = wanted.count - 1
        for start in 0...(words.count - wanted.count) {
            var matched = true
            for offset in 0...last {
                let word = words[start + offset]
                // Lengths first: most words differ in length, and a small string keeps its length at hand.
                let ok =
                    offset == last && lastIsPrefix
                    ? word.hasPrefix(wanted[offset])
                    : word.utf8.count == wanted[offset].utf8.count && word == wanted[offset]
                if !ok {
                    matched = false
                    break
                }
            }
            if matched { return true }
        }
        return false
    }
}
