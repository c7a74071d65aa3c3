import CLibXML2
import Core
import Foundation
import PapersEntity

/// The Atom feed reader: papers at each `</entry>`.
typealias AtomReader = SAXReader<AtomState>

/// What the Atom callbacks share: the entry being built and the feed's header.
struct AtomState: SAXState {
    var sax: SAXCapture<Field>
    private var names = AtomNames()
    var onItem: ((Paper) throws -> Void)?
    private(set) var header = FeedHeader()
    private(set) var sawRoot = false
    private var entry = EntryBuilder()
    private var inEntry = false
    private var inAuthor = false

    enum Field {
        case id, title, summary, published, updated, authorName, affiliation, comment, journalRef, doi
        case totalResults, startIndex, itemsPerPage
    }

    static var format: FeedFormat { .atom }

    init(source: String) {
        sax = SAXCapture(source: source, format: Self.format)
    }

    private var source: String { sax.source }

    mutating func attach(_ context: xmlParserCtxtPtr) {
        names = AtomNames(dictionary: context.pointee.dict)
    }

    static func from(_ user: UnsafeMutableRawPointer) -> UnsafeMutablePointer<AtomState> {
        user.assumingMemoryBound(to: AtomState.self)
    }

    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { user, name, _, namespace, _, _, attributeCount, _, attributes in
            guard let user, let name else { return }
            AtomState.from(user).pointee.startElement(name, namespace, attributes, Int(attributeCount))
        }
        handler.endElementNs = { user, name, _, namespace in
            guard let user, let name else { return }
            AtomState.from(user).pointee.endElement(name, namespace)
        }
        handler.characters = { user, bytes, count in
            guard let user, let bytes else { return }
            AtomState.from(user).pointee.sax.characters(bytes, Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.serror = { user, error in
            guard let user, let error else { return }
            AtomState.from(user).pointee.sax.record(error.pointee)
        }
        return handler
    }

    // MARK: - Callbacks

    mutating func startElement(
        _ name: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int
    ) {
        sax.enter()
        guard !sax.hasFailed else { return }
        if !sawRoot {
            guard namespace == names.atom, name == names.feed else { return sax.fail(sax.wrongRoot(name, namespace)) }
            sawRoot = true
            return
        }
        let element = StartTagAttributes(attributes: attributes, count: attributeCount)
        let field: Field?
        if namespace == names.atom {
            field = inEntry ? atomEntryElement(name, element) : (name == names.entry ? startEntry() : nil)
        } else if namespace == names.arxiv, inEntry {
            field = arxivElement(name, element)
        } else if namespace == names.opensearch, !inEntry {
            field =
                name == names.totalResults
                ? .totalResults
                : name == names.startIndex
                    ? .startIndex
                    : name == names.itemsPerPage ? .itemsPerPage : nil
        } else {
            field = nil
        }
        sax.begin(field)
    }

    mutating func endElement(_ name: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?) {
        defer { sax.leave() }
        guard !sax.hasFailed else { return }
        if let field = sax.end() {
            do { try finish(field) } catch { sax.fail(error) }
            return
        }
        guard inEntry, namespace == names.atom else { return }
        if name == names.author {
            inAuthor = false
        } else if name == names.entry {
            inEntry = false
            header.entryCount += 1
            do {
                try onItem?(try entry.paper(source: source, index: header.entryCount))
            } catch {
                sax.fail(error)
            }
        }
    }

    // MARK: - Elements

    private mutating func startEntry() -> Field? {
        inEntry = true
        entry = EntryBuilder()
        entry.line = sax.line
        return nil
    }

    private mutating func atomEntryElement(_ name: UnsafePointer<xmlChar>, _ element: StartTagAttributes) -> Field? {
        switch name {
        case names.id: return .id
        case names.title: return .title
        case names.summary: return .summary
        case names.published: return .published
        case names.updated: return .updated
        case names.author:
            inAuthor = true
            entry.authors.append(Author(name: ""))
            return nil
        case names.name: return inAuthor ? .authorName : nil
        case names.link:
            readLink(element)
            return nil
        case names.category:
            if let term = element.value(of: names.term) {
                entry.categories.append(String(decoding: term, as: UTF8.self))
            }
            return nil
        default: return nil
        }
    }

    private mutating func arxivElement(_ name: UnsafePointer<xmlChar>, _ element: StartTagAttributes) -> Field? {
        switch name {
        case names.primaryCategory:
            entry.primaryCategory = element.value(of: names.term).map { String(decoding: $0, as: UTF8.self) }
            return nil
        case names.comment: return .comment
        case names.journalRef: return .journalRef
        case names.doi: return .doi
        case names.affiliation: return inAuthor ? .affiliation : nil
        default: return nil
        }
    }

    /// Sorts a link by its `href` alone: `/pdf/` is the PDF, `/abs/` the abstract page, `doi.org/` the DOI.
    ///
    /// The `href` is searched as bytes, and a string is made only of the one that is kept.
    private mutating func readLink(_ element: StartTagAttributes) {
        guard let href = element.value(of: names.href) else { return }
        if FeedBytes.find("/pdf/", in: href) != nil {
            entry.pdfURL = String(decoding: href, as: UTF8.self)
        } else if FeedBytes.find("/abs/", in: href) != nil {
            entry.abstractURL = String(decoding: href, as: UTF8.self)
        } else if let end = FeedBytes.find("doi.org/", in: href) {
            entry.doiFromLink = FeedBytes.percentDecoded(UnsafeBufferPointer(rebasing: href[end...]))
        }
    }

    private mutating func finish(_ field: Field) throws {
        let text = sax.text
        func string() -> String { sax.string() }
        func rawString() -> String { sax.rawString() }
        switch field {
        case .published, .updated:
            guard let date = AtomDate.parse(text) else {
                throw PapersError.badFeed(
                    source: source, problem: .malformedDate(entry: header.entryCount + 1, text: string()))
            }
            if field == .published { entry.published = date } else { entry.updated = date }
        case .totalResults: header.totalResults = Int(string())
        case .startIndex: header.startIndex = Int(string())
        case .itemsPerPage: header.itemsPerPage = Int(string())
        case .id: entry.id = string()
        case .title: entry.title = rawString()
        case .summary: entry.summary = rawString()
        case .authorName: if !entry.authors.isEmpty { entry.authors[entry.authors.count - 1].name = string() }
        case .affiliation:
            if !entry.authors.isEmpty { entry.authors[entry.authors.count - 1].affiliations.append(string()) }
        case .comment: entry.comment = string()
        case .journalRef: entry.journalRef = string()
        case .doi: entry.doi = string()
        }
    }
}
