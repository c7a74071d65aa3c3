import CLibXML2
import Core
import Foundation
import PapersEntity

/// The OAI-PMH response reader: a record at each `</record>`.
typealias OAIReader = SAXReader<OAIState>

/// What the OAI-PMH callbacks share: the record being built, the text being captured, the response and the first failure.
struct OAIState: SAXState {
    var sax: SAXCapture<Field>
    private var names = OAINames()
    var onItem: ((OAIRecord) throws -> Void)?
    private(set) var response = OAIResponse()
    private(set) var sawRoot = false
    private var record = RecordBuilder()
    private var inRecord = false
    private var inSet = false
    private var inAuthor = false
    /// Whether a record that cannot be read is listed in `response.skipped` instead of ending the parse.
    var skipsUnreadable = false

    enum Field {
        case responseDate, error, identifier, datestamp, resumptionToken, setSpec, setName
        case id, title, abstract, authors, categories, comments, journalRef, doi, license
        case versionDate, versionSize, created, updated, keyname, forenames, suffix, affiliation
    }

    static var format: FeedFormat { .oaiPMH }

    init(source: String) {
        sax = SAXCapture(source: source, format: Self.format)
    }

    private var source: String { sax.source }

    mutating func attach(_ context: xmlParserCtxtPtr) {
        names = OAINames(dictionary: context.pointee.dict)
    }

    static func from(_ user: UnsafeMutableRawPointer) -> UnsafeMutablePointer<OAIState> {
        user.assumingMemoryBound(to: OAIState.self)
    }

    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { user, name, _, namespace, _, _, attributeCount, _, attributes in
            guard let user, let name else { return }
            OAIState.from(user).pointee.startElement(name, namespace, attributes, Int(attributeCount))
        }
        handler.endElementNs = { user, name, _, namespace in
            guard let user, let name else { return }
            OAIState.from(user).pointee.endElement(name, namespace)
        }
        handler.characters = { user, bytes, count in
            guard let user, let bytes else { return }
            OAIState.from(user).pointee.sax.characters(bytes, Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.serror = { user, error in
            guard let user, let error else { return }
            OAIState.from(user).pointee.sax.record(error.pointee)
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
            guard namespace == names.oai, name == names.root else {
                return sax.fail(sax.wrongRoot(name, namespace))
            }
            sawRoot = true
            return
        }
        let element = StartTagAttributes(attributes: attributes, count: attributeCount)
        let field: Field?
        if namespace == names.oai {
            field = oaiElement(name, element)
        } else if inRecord, namespace == names.arXivRaw || namespace == names.arXiv {
            if record.format == nil {
                record.format = namespace == names.arXivRaw ? .arXivRaw : .arXiv
            }
            field = metadataElement(name, element)
        } else if inRecord, record.inMetadata, record.format == nil {
            record.format = .other(namespace.map { String(cString: $0) })
            field = nil
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
        if name == names.author, namespace == names.arXiv {
            inAuthor = false
        } else if name == names.set, namespace == names.oai {
            inSet = false
        } else if name == names.record, namespace == names.oai, inRecord {
            inRecord = false
            response.recordCount += 1
            do {
                try onItem?(try record.record(source: source, index: response.recordCount))
            } catch PapersError.badFeed(_, let problem) where skipsUnreadable {
                response.skipped.append(problem)
            } catch {
                sax.fail(error)
            }
        }
    }

    // MARK: - Elements

    private mutating func oaiElement(_ name: UnsafePointer<xmlChar>, _ element: StartTagAttributes) -> Field? {
        switch name {
        case names.record:
            inRecord = true
            record = RecordBuilder()
            record.line = sax.line
            return nil
        case names.header:
            if let status = element.value(of: names.status), FeedBytes.find("deleted", in: status) != nil {
                record.deleted = true
            }
            return nil
        case names.metadata:
            record.inMetadata = true
            return nil
        case names.set:
            inSet = true
            response.sets.append(HarvestSet(spec: "", name: ""))
            return nil
        case names.setSpec: return inSet ? .setSpec : nil
        case names.setName: return inSet ? .setName : nil
        case names.identifier: return inRecord ? .identifier : nil
        case names.datestamp: return inRecord ? .datestamp : nil
        case names.responseDate: return .responseDate
        case names.resumptionToken: return .resumptionToken
        case names.error:
            response.error = (element.value(of: names.code).map { String(decoding: $0, as: UTF8.self) } ?? "", "")
            return .error
        default: return nil
        }
    }

    private mutating func metadataElement(_ name: UnsafePointer<xmlChar>, _ element: StartTagAttributes) -> Field? {
        switch name {
        case names.id: return .id
        case names.title: return .title
        case names.abstract: return .abstract
        case names.authors: return record.format == .arXivRaw ? .authors : nil
        case names.author:
            inAuthor = true
            record.authors.append(Author(name: ""))
            return nil
        case names.keyname: return inAuthor ? .keyname : nil
        case names.forenames: return inAuthor ? .forenames : nil
        case names.suffix: return inAuthor ? .suffix : nil
        case names.affiliation: return inAuthor ? .affiliation : nil
        case names.categories: return .categories
        case names.comments: return .comments
        case names.journalRef: return .journalRef
        case names.doi: return .doi
        case names.license: return .license
        case names.version:
            let label = element.value(of: names.version).map { String(decoding: $0, as: UTF8.self) } ?? ""
            record.versions.append((label: label, number: Int(label.drop { $0 == "v" }) ?? 0, date: nil, size: nil))
            return nil
        case names.date: return record.versions.isEmpty ? nil : .versionDate
        case names.size: return record.versions.isEmpty ? nil : .versionSize
        case names.created: return .created
        case names.updated: return .updated
        default: return nil
        }
    }

    private mutating func finish(_ field: Field) {
        let text = sax.text
        func string() -> String { sax.string() }
        func rawString() -> String { sax.rawString() }
        switch field {
        case .responseDate: response.responseDate = AtomDate.parse(text)
        case .error:
            let message = string()
            response.error?.message = message
        case .resumptionToken:
            let token = string()
            response.resumptionToken = token.isEmpty ? nil : token
        case .setSpec: response.sets[response.sets.count - 1].spec = string()
        case .setName: response.sets[response.sets.count - 1].name = string()
        case .identifier: record.identifier = string()
        case .datestamp: record.datestamp = OAIDate.day(text) ?? AtomDate.parse(text)
        case .id: record.id = string()
        case .title: record.title = rawString()
        case .abstract: record.summary = rawString()
        case .authors: record.authorList = string()
        case .categories: record.categories = string().split(separator: " ").map(String.init)
        case .comments: record.comment = string()
        case .journalRef: record.journalRef = string()
        case .doi: record.doi = string()
        case .license: record.license = string()
        case .versionDate: record.versions[record.versions.count - 1].date = OAIDate.rfc1123(text)
        case .versionSize: record.versions[record.versions.count - 1].size = string()
        case .created: record.created = OAIDate.day(text)
        case .updated: record.updated = OAIDate.day(text)
        case .keyname: record.setAuthorPart(\.keyname, string())
        case .forenames: record.setAuthorPart(\.forenames, string())
        case .suffix: record.setAuthorPart(\.suffix, string())
        case .affiliation:
            if !record.authors.isEmpty { record.authors[record.authors.count - 1].affiliations.append(string()) }
        }
    }
}
