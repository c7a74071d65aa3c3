import PapersEntity

/// Refuses a start tag longer than `limit` bytes before libxml2 sees it.
///
/// Why: libxml2 2.9 checks a start tag's attributes for duplicates pair by pair, so one tag
/// with a few hundred thousand attributes holds the CPU for minutes (`xmllint --stream` too).
/// No Atom feed needs a long start tag (arXiv's longest is under 300 bytes), so a cheap scan of
/// each chunk, counting from `<` to the `>` that ends the tag (a `>` inside a quoted attribute
/// value does not), bounds the work libxml2 can be made to do. Comments, CDATA, declarations
/// and end tags are not start tags and are not limited.
struct StartTagGuard {
    /// The longest start tag accepted, in bytes: 64 KiB, about 9,000 short attributes.
    static let defaultLimit = 64 << 10

    let source: String
    let limit: Int
    private var state = State.text
    private var length = 0
    private var line = 1
    private var tagLine = 1

    private enum State {
        case text
        /// Just after `<`: the next byte says what kind of markup this is.
        case opened
        case startTag(quote: UInt8?)
        case otherMarkup
    }

    init(source: String, limit: Int = defaultLimit) {
        self.source = source
        self.limit = limit
    }

    /// Scans the next bytes of the input.
    ///
    /// - Throws: `PapersError.badFeed` (`.startTagTooLong`) with the line the tag starts on.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) throws {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            switch state {
            case .text:
                if byte == UInt8(ascii: "<") {
                    state = .opened
                    tagLine = line
                }
            case .opened:
                switch byte {
                case UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "/"): state = .otherMarkup
                case UInt8(ascii: ">"): state = .text
                default:
                    state = .startTag(quote: nil)
                    length = 2
                }
            case .startTag(let quote):
                length += 1
                if length > limit {
                    throw PapersError.badFeed(source: source, problem: .startTagTooLong(line: tagLine, limit: limit))
                }
                if let quote {
                    if byte == quote { state = .startTag(quote: nil) }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .startTag(quote: byte)
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                }
            case .otherMarkup:
                if byte == UInt8(ascii: ">") { state = .text }
            }
        }
    }
}
