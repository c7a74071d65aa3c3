import CLibXML2
import Core
import Foundation
import PapersEntity

/// The daily-feed reader: an announcement at each `</item>`.
typealias RSSReader = SAXReader<RSSState>

/// What the RSS callbacks share: the item being built, the channel's description and date, the first failure.
///
/// arXiv's items (the 2024 format) carry the id and version in `<guid>` (`oai:arXiv.org:2411.17700v1`),
/// the announce type in `arxiv:announce_type`, the abstract after `Abstract: ` in `<description>`,
/// the authors as one `dc:creator` line and the licence in `dc:rights`. The feed gives no date
/// of the first version: the day's `pubDate` is when the item was announced.
struct RSSState: SAXState {
    var sax: SAXCapture<Field>
    private var names = RSSNames()
    var onItem: ((Announcement) throws -> Void)?
    private(set) var sawRoot = false
    /// The channel's description: arXiv's error feeds say what is wrong there.
    private(set) var channelDescription = ""
    /// The channel's `pubDate`: the announcement day.
    private(set) var day: Date?
    private(set) var itemCount = 0
    private var item = ItemFields()
    private var inItem = false

    enum Field {
        case channelDescription, channelDate
        case title, description, guid, category, date, announceType, rights, creator, doi, journalRef
    }

    /// One item's fields as read.
    struct ItemFields {
        var title = ""
        var description = ""
        var guid = ""
        var categories: [String] = []
        var date: Date?
        var announceType = ""
        var rights: String?
        var creator = ""
        var doi: String?
        var journalRef: String?
        var line = 0
    }

    static var format: FeedFormat { .rss }

    init(source: String) {
        sax = SAXCapture(source: source, format: Self.format)
    }

    private var source: String { sax.source }

    mutating func attach(_ context: xmlParserCtxtPtr) {
        names = RSSNames(dictionary: context.pointee.dict)
    }

    static func from(_ user: UnsafeMutableRawPointer) -> UnsafeMutablePointer<RSSState> {
        user.assumingMemoryBound(to: RSSState.self)
    }

    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { user, name, _, namespace, _, _, _, _, _ in
            guard let user, let name else { return }
            RSSState.from(user).pointee.startElement(name, namespace)
        }
        handler.endElementNs = { user, name, _, namespace in
            guard let user, let name else { return }
            RSSState.from(user).pointee.endElement(name, namespace)
        }
        handler.characters = { user, bytes, count in
            guard let user, let bytes else { return }
            RSSState.from(user).pointee.sax.characters(bytes, Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.serror = { user, error in
            guard let user, let error else { return }
            RSSState.from(user).pointee.sax.record(error.pointee)
        }
        return handler
    }

    // MARK: - Callbacks

    mutating func startElement(_ name: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?) {
        sax.enter()
        guard !sax.hasFailed else { return }
        if !sawRoot {
            guard namespace == nil, name == names.rss else {
                return sax.fail(sax.wrongRoot(name, namespace))
            }
            sawRoot = true
            return
        }
        let field: Field?
        if namespace == nil {
            switch name {
            case names.item:
                inItem = true
                item = ItemFields()
                item.line = sax.line
                field = nil
            case names.title: field = inItem ? .title : nil
            case names.description: field = inItem ? .description : .channelDescription
            case names.guid: field = inItem ? .guid : nil
            case names.category: field = inItem ? .category : nil
            case names.pubDate: field = inItem ? .date : .channelDate
            default: field = nil
            }
        } else if inItem, namespace == names.arxiv {
            field =
                name == names.announceType
                ? .announceType : name == names.doi ? .doi : name == names.journalRef ? .journalRef : nil
        } else if inItem, namespace == names.dc {
            field = name == names.rights ? .rights : name == names.creator ? .creator : nil
        } else {
            field = nil
        }
        sax.begin(field)
    }

    mutating func endElement(_ name: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?) {
        defer { sax.leave() }
        guard !sax.hasFailed else { return }
        if let field = sax.end() {
            finish(field)
            return
        }
        guard inItem, namespace == nil, name == names.item else { return }
        inItem = false
        itemCount += 1
        do {
            try onItem?(try announcement())
        } catch {
            sax.fail(error)
        }
    }

    private mutating func finish(_ field: Field) {
        let value = sax.string()
        switch field {
        case .channelDescription: channelDescription = value
        case .channelDate: day = RFCDate.parse(value)
        case .title: item.title = value
        case .description: item.description = value
        case .guid: item.guid = value
        case .category: item.categories.append(value)
        case .date: item.date = RFCDate.parse(value)
        case .announceType: item.announceType = value
        case .rights: item.rights = value
        case .creator: item.creator = value
        case .doi: item.doi = value
        case .journalRef: item.journalRef = value
        }
    }

    /// The item as an announcement, or `.badFeed` for one without an id, a title, authors or a known type.
    private func announcement() throws -> Announcement {
        func incomplete(_ part: EntryPart, _ id: String) -> PapersError {
            .badFeed(
                source: source, problem: .incompleteEntry(entry: itemCount, line: item.line, missing: part, id: id))
        }
        let idText = item.guid.split(separator: ":").last.map(String.init) ?? ""
        guard let id = ArxivID(parsing: idText) else { throw incomplete(.id, item.guid) }
        guard !item.title.isEmpty else { throw incomplete(.title, id.description) }
        let authors = AuthorList.split(item.creator)
        guard !authors.isEmpty else { throw incomplete(.author, id.description) }
        guard let type = AnnounceType(rawValue: item.announceType) else {
            throw PapersError.badFeed(
                source: source,
                problem: .unknownAnnounceType(entry: itemCount, line: item.line, type: item.announceType))
        }
        guard let date = item.date ?? day else { throw incomplete(.dates, id.description) }
        let summary = item.description.range(of: "Abstract: ").map { String(item.description[$0.upperBound...]) } ?? ""
        return Announcement(
            paper: Paper(
                id: id.base, version: id.version ?? 1, title: item.title, summary: summary, authors: authors,
                published: date, updated: date, primaryCategory: item.categories.first ?? "",
                categories: item.categories, journalRef: item.journalRef, doi: item.doi, license: item.rights),
            type: type)
    }
}
