import CLibXML2
import Core
import Foundation
import PapersEntity

/// One pass over one feed: owns the libxml2 reader and the entry being built.
///
/// Names are compared as pointers: libxml2 interns every element, attribute and namespace name
/// in the reader's dictionary, and `xmlTextReaderConstString` returns the interned copy of ours,
/// so matching a node costs no string comparison and no allocation. A noncopyable struct rather
/// than a class: its state is then checked for exclusive access at compile time, not at run time
/// on every node.
struct AtomReader: ~Copyable {
    private let reader: xmlTextReaderPtr
    private let source: String
    private let names: InternedNames
    private let errors = ErrorLog()
    private var header = FeedHeader()
    private var entry = EntryBuilder()
    private var sawRoot = false
    private var inEntry = false
    private var inAuthor = false
    /// The field whose text is being collected, and the depth of its element.
    private var capture: (field: Field, depth: Int32)?
    private var text: [UInt8] = []

    enum Field {
        case id, title, summary, published, updated, authorName, affiliation, comment, journalRef, doi
        case totalResults, startIndex, itemsPerPage
    }

    init(reader: xmlTextReaderPtr, source: String) {
        self.reader = reader
        self.source = source
        names = InternedNames(reader: reader)
        text.reserveCapacity(4096)
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit { xmlFreeTextReader(reader) }

    mutating func read(onEntry: (Paper) throws -> Void) throws -> FeedHeader {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            guard status == 1 else { throw malformed() }
            switch xmlTextReaderNodeType(reader) {
            case 1: try startElement()
            case 3, 4, 13, 14: if capture != nil { appendText() }
            case 15: try endElement(onEntry: onEntry)
            default: break
            }
        }
        guard sawRoot else { throw DomainError.badData("\(source) has no XML elements; it is not an Atom feed") }
        return header
    }

    // MARK: - Nodes

    private mutating func startElement() throws {
        guard let name = xmlTextReaderConstLocalName(reader) else { return }
        let namespace = xmlTextReaderConstNamespaceUri(reader)
        let depth = xmlTextReaderDepth(reader)
        if !sawRoot {
            guard namespace == names.atom, name == names.feed else { throw notAFeed(name, namespace) }
            sawRoot = true
            return
        }
        let field: Field?
        if namespace == names.atom {
            field = inEntry ? atomEntryElement(name) : (name == names.entry ? startEntry() : nil)
        } else if namespace == names.arxiv, inEntry {
            field = arxivElement(name)
        } else if namespace == names.opensearch, !inEntry {
            field = name == names.totalResults ? .totalResults
                : name == names.startIndex ? .startIndex
                : name == names.itemsPerPage ? .itemsPerPage : nil
        } else {
            field = nil
        }
        guard let field, capture == nil else { return }
        text.removeAll(keepingCapacity: true)
        capture = (field, depth)
        // `<summary/>` has no end tag to close the capture.
        if xmlTextReaderIsEmptyElement(reader) == 1 { try finishCapture() }
    }

    private mutating func startEntry() -> Field? {
        inEntry = true
        entry = EntryBuilder()
        return nil
    }

    private mutating func atomEntryElement(_ name: UnsafePointer<xmlChar>) -> Field? {
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
            readLink()
            return nil
        case names.category:
            if let term = attribute(names.term) { entry.categories.append(term) }
            return nil
        default: return nil
        }
    }

    private mutating func arxivElement(_ name: UnsafePointer<xmlChar>) -> Field? {
        switch name {
        case names.primaryCategory:
            entry.primaryCategory = attribute(names.term)
            return nil
        case names.comment: return .comment
        case names.journalRef: return .journalRef
        case names.doi: return .doi
        case names.affiliation: return inAuthor ? .affiliation : nil
        default: return nil
        }
    }

    private mutating func appendText() {
        guard let value = xmlTextReaderConstValue(reader) else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
    }

    private mutating func endElement(onEntry: (Paper) throws -> Void) throws {
        if let capture, capture.depth == xmlTextReaderDepth(reader) {
            try finishCapture()
            return
        }
        guard inEntry, xmlTextReaderConstNamespaceUri(reader) == names.atom, let name = xmlTextReaderConstLocalName(reader) else { return }
        if name == names.author {
            inAuthor = false
        } else if name == names.entry {
            inEntry = false
            header.entryCount += 1
            try onEntry(try entry.paper(source: source, index: header.entryCount))
        }
    }

    private mutating func finishCapture() throws {
        guard let field = capture?.field else { return }
        capture = nil
        switch field {
        case .published, .updated:
            guard let date = AtomDate.parse(text) else {
                throw DomainError.badData("\(source): entry \(header.entryCount + 1) has a malformed date '\(string())'; the feed is damaged")
            }
            if field == .published { entry.published = date } else { entry.updated = date }
        case .totalResults: header.totalResults = Int(string())
        case .startIndex: header.startIndex = Int(string())
        case .itemsPerPage: header.itemsPerPage = Int(string())
        case .id: entry.id = string()
        case .title: entry.title = rawString()
        case .summary: entry.summary = rawString()
        case .authorName: if !entry.authors.isEmpty { entry.authors[entry.authors.count - 1].name = string() }
        case .affiliation: if !entry.authors.isEmpty { entry.authors[entry.authors.count - 1].affiliations.append(string()) }
        case .comment: entry.comment = string()
        case .journalRef: entry.journalRef = string()
        case .doi: entry.doi = string()
        }
    }

    /// The captured text with whitespace collapsed, as every short field wants it.
    private func string() -> String { text.withUnsafeBufferPointer(Paper.collapsedString) }

    /// The captured text as it is: `Paper` collapses the title and abstract itself, so doing it here too would scan them twice.
    private func rawString() -> String { String(decoding: text, as: UTF8.self) }


    // MARK: - Attributes

    /// Sorts a link by its `href` alone: `/pdf/` is the PDF, `/abs/` the abstract page, `doi.org/` the DOI.
    ///
    /// The `href` is searched as bytes, and a string is made only of the one that is kept.
    private mutating func readLink() {
        defer { xmlTextReaderMoveToElement(reader) }
        guard let href = attributeBytes(names.href) else { return }
        let bytes = UnsafeBufferPointer(start: href, count: strlen(UnsafeRawPointer(href).assumingMemoryBound(to: CChar.self)))
        if FeedBytes.find("/pdf/", in: bytes) != nil {
            entry.pdfURL = String(decoding: bytes, as: UTF8.self)
        } else if FeedBytes.find("/abs/", in: bytes) != nil {
            entry.abstractURL = String(decoding: bytes, as: UTF8.self)
        } else if let end = FeedBytes.find("doi.org/", in: bytes) {
            entry.doiFromLink = FeedBytes.percentDecoded(UnsafeBufferPointer(rebasing: bytes[end...]))
        }
    }

    /// The value of an attribute without a namespace as libxml2 holds it; valid until the reader moves on.
    /// The caller moves the reader back to the element.
    private func attributeBytes(_ wanted: UnsafePointer<xmlChar>?) -> UnsafePointer<xmlChar>? {
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if xmlTextReaderConstLocalName(reader) == wanted, xmlTextReaderConstNamespaceUri(reader) == nil {
                return xmlTextReaderConstValue(reader)
            }
        }
        return nil
    }

    /// The value of an attribute without a namespace, read without allocating a C string to free.
    private func attribute(_ wanted: UnsafePointer<xmlChar>?) -> String? {
        defer { xmlTextReaderMoveToElement(reader) }
        return attributeBytes(wanted).map { String(cString: $0) }
    }

    // MARK: - Errors

    private func malformed() -> DomainError {
        let detail = errors.first.map { ": \($0)" } ?? ""
        return DomainError.badData("\(source) is not well-formed XML (truncated or damaged)\(detail); nothing was saved, fetch or export it again")
    }

    private func notAFeed(_ name: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?) -> DomainError {
        let element = String(cString: name)
        let hint = element.lowercased() == "html" ? " (an HTML page, likely an error page)" : ""
        let uri = namespace.map { " in namespace \(String(cString: $0))" } ?? ""
        return DomainError.badData("\(source) is not an Atom feed: its root element is <\(element)>\(uri)\(hint); check the API URL or the file")
    }
}

/// The first error libxml2 reported, kept instead of printed.
final class ErrorLog {
    private(set) var first: String?

    func record(_ error: xmlError) {
        guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        first = "line \(error.line): \(Paper.collapsingWhitespace(message))"
    }
}
