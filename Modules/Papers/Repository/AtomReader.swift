import CLibXML2
import Core
import Foundation
import PapersEntity

/// One pass over one feed: owns the libxml2 reader and the entry being built.
///
/// Names are compared as pointers: libxml2 interns every element, attribute and namespace name
/// in the reader's dictionary, and `xmlTextReaderConstString` returns the interned copy of ours,
/// so matching a node costs no string comparison and no allocation.
final class AtomReader {
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

    func read(onEntry: (Paper) throws -> Void) throws -> FeedHeader {
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

    private func startElement() throws {
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

    private func startEntry() -> Field? {
        inEntry = true
        entry = EntryBuilder()
        return nil
    }

    private func atomEntryElement(_ name: UnsafePointer<xmlChar>) -> Field? {
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

    private func arxivElement(_ name: UnsafePointer<xmlChar>) -> Field? {
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

    private func appendText() {
        guard let value = xmlTextReaderConstValue(reader) else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
    }

    private func endElement(onEntry: (Paper) throws -> Void) throws {
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

    private func finishCapture() throws {
        guard let field = capture?.field else { return }
        capture = nil
        switch field {
        case .published, .updated:
            guard let date = AtomDate.parse(text) else {
                throw DomainError.badData("\(source): entry \(header.entryCount + 1) has a malformed date '\(string())'; the feed is damaged")
            }
            if field == .published { entry.published = date } else { entry.updated = date }
        case .totalResults: header.totalResults = Int(string().trimmingCharacters(in: .whitespacesAndNewlines))
        case .startIndex: header.startIndex = Int(string().trimmingCharacters(in: .whitespacesAndNewlines))
        case .itemsPerPage: header.itemsPerPage = Int(string().trimmingCharacters(in: .whitespacesAndNewlines))
        case .id: entry.id = collapsed()
        case .title: entry.title = string()
        case .summary: entry.summary = string()
        case .authorName: if !entry.authors.isEmpty { entry.authors[entry.authors.count - 1].name = collapsed() }
        case .affiliation: if !entry.authors.isEmpty { entry.authors[entry.authors.count - 1].affiliations.append(collapsed()) }
        case .comment: entry.comment = collapsed()
        case .journalRef: entry.journalRef = collapsed()
        case .doi: entry.doi = collapsed()
        }
    }

    private func string() -> String { String(decoding: text, as: UTF8.self) }
    private func collapsed() -> String { Paper.collapsingWhitespace(string()) }

    // MARK: - Attributes

    /// Sorts a link by its `href` alone: `/pdf/` is the PDF, `/abs/` the abstract page, `doi.org/` the DOI.
    private func readLink() {
        guard let href = attribute(names.href) else { return }
        if href.contains("/pdf/") {
            entry.pdfURL = href
        } else if href.contains("/abs/") {
            entry.abstractURL = href
        } else if let range = href.range(of: "doi.org/") {
            entry.doiFromLink = String(href[range.upperBound...]).removingPercentEncoding
        }
    }

    /// The value of an attribute without a namespace, read without allocating a C string to free.
    private func attribute(_ wanted: UnsafePointer<xmlChar>?) -> String? {
        defer { xmlTextReaderMoveToElement(reader) }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if xmlTextReaderConstLocalName(reader) == wanted, xmlTextReaderConstNamespaceUri(reader) == nil,
               let value = xmlTextReaderConstValue(reader) {
                return String(cString: value)
            }
        }
        return nil
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
