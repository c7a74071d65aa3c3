import CLibXML2
import Foundation
import PapersEntity

/// What the SAX2 callbacks of one kind of document share: what is being built, and `sax`,
/// the part every document keeps alike.
///
/// Each conforming type wires its own callbacks (`handler()`): a C function pointer cannot be
/// formed inside generic code, and the push loop around them is the same for every document.
protocol SAXState {
    /// What the document yields, one at a time (a paper from a feed, a record from OAI-PMH).
    associatedtype Item
    /// The fields whose text the document's callbacks capture.
    associatedtype Field
    /// The kind of document this state reads.
    static var format: FeedFormat { get }
    /// libxml2's callbacks, each forwarding to this type's method of the same name.
    static func handler() -> xmlSAXHandler
    init(source: String)
    /// The parser, the depth, the text being captured and the first failure.
    var sax: SAXCapture<Field> { get set }
    /// Set during a chunk's parse: where each complete item goes.
    var onItem: ((Item) throws -> Void)? { get set }
    /// Whether the document's root element was seen.
    var sawRoot: Bool { get }
    /// Connects the state to its parser, whose dictionary the names are interned in.
    mutating func attach(_ context: xmlParserCtxtPtr)
}

/// What every document's callbacks keep alike: the parser, the element depth, the text of the
/// field being captured and the first failure.
struct SAXCapture<Field> {
    /// Names the input in errors.
    let source: String
    /// What the input should be, for errors.
    let format: FeedFormat
    private(set) var context: xmlParserCtxtPtr?
    /// The first error the callbacks met; the parse stops there.
    private(set) var failure: (any Error)?
    private var firstError: String?
    /// How deep the parser is: the root element is 1.
    private(set) var depth = 0
    private var capture: (field: Field, depth: Int)?
    /// The captured text of the field that just ended.
    private(set) var text: [UInt8] = []

    init(source: String, format: FeedFormat) {
        self.source = source
        self.format = format
        text.reserveCapacity(4096)
    }

    mutating func attach(_ context: xmlParserCtxtPtr) { self.context = context }

    /// Whether a callback met an error: the rest are ignored.
    var hasFailed: Bool { failure != nil }

    /// The line the parser is on, for errors that name where an item starts.
    var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0 }

    /// Called at every start tag, before anything else.
    mutating func enter() { depth += 1 }

    /// Called at every end tag, after everything else.
    mutating func leave() { depth -= 1 }

    /// Captures the text of the element just entered as `field`, unless another field is being captured.
    mutating func begin(_ field: Field?) {
        guard let field, capture == nil else { return }
        text.removeAll(keepingCapacity: true)
        capture = (field, depth)
    }

    /// At an end tag: the field whose element ends here (its text in `text`), or nil.
    mutating func end() -> Field? {
        guard let capture, capture.depth == depth else { return nil }
        self.capture = nil
        return capture.field
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        guard capture != nil else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Keeps the first error libxml2 reports instead of printing it.
    mutating func record(_ error: xmlError) {
        guard firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        firstError = "line \(error.line): \(Paper.collapsingWhitespace(message))"
    }

    /// Records the first failure and stops libxml2, so no later item is delivered.
    mutating func fail(_ error: any Error) {
        guard failure == nil else { return }
        failure = error
        if let context { xmlStopParser(context) }
    }

    /// The error for input libxml2 found not well-formed.
    func malformed() -> PapersError {
        PapersError.badFeed(source: source, problem: .notWellFormed(firstError))
    }

    /// The error for a document whose root is not the one expected.
    func wrongRoot(_ name: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?) -> PapersError {
        PapersError.badFeed(
            source: source,
            problem: .wrongRoot(
                root: String(cString: name), namespace: namespace.map { String(cString: $0) }, expected: format))
    }

    /// The captured text with whitespace collapsed, as every short field wants it.
    func string() -> String { text.withUnsafeBufferPointer(Paper.collapsedString) }

    /// The captured text as it is: `Paper` collapses the title and abstract itself, so doing it here too would scan them twice.
    func rawString() -> String { String(decoding: text, as: UTF8.self) }
}

/// One pass over one document with libxml2's SAX2 push parser: bytes go in chunk by chunk,
/// items come out as their end tags are read.
///
/// SAX rather than `xmlTextReader`: the reader builds (and frees) a small tree node for every
/// element and text run, which costs more than twice what the parser itself does; SAX hands
/// over names, attributes and text without building anything. Names are compared as pointers:
/// libxml2 interns element, attribute and namespace names in the parser's dictionary, and the
/// names we look for are interned in the same one.
struct SAXReader<State: SAXState>: ~Copyable {
    private let context: xmlParserCtxtPtr
    private let state: UnsafeMutablePointer<State>
    private var tagGuard: StartTagGuard

    /// How many bytes `init` takes: libxml2 reads the encoding from them.
    static var headLength: Int { 4 }

    /// Starts a parse with the first `headLength` bytes of the input (or all of it, if shorter); `push` the rest.
    init(source: String, head: some Collection<UInt8>) throws {
        var tagGuard = StartTagGuard(source: source)
        try Array(head.prefix(Self.headLength)).withUnsafeBytes { try tagGuard.scan($0) }
        var handler = State.handler()
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(source: source))
        let prefix = Array(head.prefix(Self.headLength))
        let created = prefix.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                xmlCreatePushParserCtxt(&handler, state, $0.baseAddress, Int32($0.count), source)
            }
        }
        guard let context = created else {
            state.deinitialize(count: 1)
            state.deallocate()
            throw PapersError.badFeed(source: source, problem: .unreadable)
        }
        self.context = context
        self.state = state
        self.tagGuard = tagGuard
        xmlCtxtUseOptions(context, AtomFeedParser.options)
        state.pointee.sax.attach(context)
        state.pointee.attach(context)
    }

    deinit {
        xmlFreeParserCtxt(context)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Parses the next bytes, handing each complete item to `onItem`.
    mutating func push(_ bytes: UnsafeRawBufferPointer, onItem: (State.Item) throws -> Void) throws {
        guard !bytes.isEmpty else { return }
        try tagGuard.scan(bytes)
        try parse(
            bytes.baseAddress?.assumingMemoryBound(to: CChar.self), count: bytes.count, terminate: false,
            onItem: onItem)
    }

    /// Ends the input: what is left is parsed, and the state returned for what the document said besides its items.
    func finish(onItem: (State.Item) throws -> Void) throws -> State {
        try parse(nil, count: 0, terminate: true, onItem: onItem)
        guard state.pointee.sawRoot else {
            throw PapersError.badFeed(source: state.pointee.sax.source, problem: .noElements)
        }
        return state.pointee
    }

    private func parse(_ bytes: UnsafePointer<CChar>?, count: Int, terminate: Bool, onItem: (State.Item) throws -> Void)
        throws
    {
        var offset = 0
        repeat {
            // xmlParseChunk takes an Int32 length.
            let length = min(count - offset, 1 << 30)
            let status = withoutActuallyEscaping(onItem) { onItem in
                state.pointee.onItem = onItem
                defer { state.pointee.onItem = nil }
                return xmlParseChunk(
                    context, bytes.map { $0 + offset }, Int32(length), terminate && offset + length == count ? 1 : 0)
            }
            if let failure = state.pointee.sax.failure { throw failure }
            if status != 0 || context.pointee.wellFormed == 0 { throw state.pointee.sax.malformed() }
            offset += length
        } while offset < count
    }
}

extension SAXReader {
    /// Parses a document held in memory (an HTTP body), in chunks so libxml2 never holds a second copy of it.
    ///
    /// - Parameter source: names the input in error messages, such as the URL.
    /// - Parameter prepare: sets the state up before the first callback.
    static func parse(
        _ data: Data, source: String, chunkSize: Int, prepare: (inout State) -> Void = { _ in },
        onItem: (State.Item) throws -> Void
    ) throws -> State {
        if let problem = FeedSniffer.problem(head: data, isWhole: true, expected: State.format) {
            throw PapersError.badFeed(source: source, problem: problem)
        }
        var reader = try Self(source: source, head: data)
        prepare(&reader.state.pointee)
        return try data.withUnsafeBytes { raw in
            var offset = headLength
            while offset < raw.count {
                let end = min(offset + chunkSize, raw.count)
                try reader.push(UnsafeRawBufferPointer(rebasing: raw[offset..<end]), onItem: onItem)
                offset = end
            }
            return try reader.finish(onItem: onItem)
        }
    }

    /// Reads a file in chunks, never holding the whole file, handing its items to `onItems`
    /// a chunk's worth at a time, in the file's order.
    ///
    /// - Throws: `PapersError.fileNotFound`, `.folderNotFile`, `.fileNotReadable`, `.badFeed`,
    ///   the document's own errors, or what `onItems` throws.
    static func read(fileAt url: URL, chunkSize: Int, onItems: ([State.Item]) async throws -> Void) async throws
        -> State
    {
        try await read(FeedFile(url, chunkSize: chunkSize), chunkSize: chunkSize, onItems: onItems)
    }

    /// Reads an open file from where it stands (a peeked chunk is read again).
    static func read(_ file: FeedFile, chunkSize: Int, onItems: ([State.Item]) async throws -> Void) async throws
        -> State
    {
        var chunk = try file.read()
        if let problem = FeedSniffer.problem(head: chunk, isWhole: chunk.count < chunkSize, expected: State.format) {
            throw PapersError.badFeed(source: file.path, problem: problem)
        }
        var reader = try Self(source: file.path, head: chunk)
        var offset = headLength
        var items: [State.Item] = []
        while !chunk.isEmpty {
            try chunk.withUnsafeBytes { raw in
                guard offset < raw.count else { return }
                try reader.push(UnsafeRawBufferPointer(rebasing: raw[offset...])) { items.append($0) }
            }
            // Handed over between chunks, so the parser never waits inside libxml2's callbacks.
            if !items.isEmpty {
                try await onItems(items)
                items.removeAll(keepingCapacity: true)
            }
            chunk = try file.read()
            offset = 0
        }
        let state = try reader.finish { items.append($0) }
        if !items.isEmpty { try await onItems(items) }
        return state
    }
}
