import Foundation
import StrataLint
import StrataScaffold

/// `strata lsp`: the architecture checker as a Language Server Protocol server over a pair of
/// file descriptors (standard input and output).
///
/// One loop reads everything that has arrived, applies it, then checks the package once and
/// publishes what changed: a burst of keystrokes costs one check (see `Inbox`). The package is
/// read once (`LintSession`); an edit reads only its file again.
public final class LanguageServer {
    /// What the server checks.
    public struct Options: Sendable {
        /// The package's root; nil: the package holding the client's workspace folder.
        public var packageDirectory: URL?
        /// The rules file; nil: strata.yml in the root.
        public var rulesFile: URL?
        /// The platform whose `#if` clauses are read, as `lint --platform` takes it.
        public var platform: String?

        public init(packageDirectory: URL? = nil, rulesFile: URL? = nil, platform: String? = nil) {
            self.packageDirectory = packageDirectory
            self.rulesFile = rulesFile
            self.platform = platform
        }
    }

    /// The command a code action runs to open the rule behind a finding in the rules file.
    static let showRuleCommand = "strata.showRule"

    let options: Options
    let writer: MessageWriter
    var root: URL?
    var session: LintSession?
    /// Why the package cannot be checked (no rules file, a rules error, a manifest that does not evaluate).
    var failure: (message: String, file: String?, line: Int?)?
    var documents: [String: TextDocument] = [:]
    /// Texts (by path) set or dropped since the last check.
    var pending: [String: String?] = [:]
    /// Documents whose diagnostics are published after the next check.
    var stale: Set<String> = []
    /// What was last published, by URI, with the finding behind each diagnostic.
    var published: [String: [(diagnostic: Diagnostic, finding: Finding?)]] = [:]
    /// Package.swift parsed, kept while its text stays the same.
    var manifestPlaces: ManifestPlaces?
    var encoding = PositionEncoding.utf16
    var initialized = false
    var shutdownRequested = false
    var nextRequest = 1

    public init(options: Options, output: Int32) {
        self.options = options
        writer = MessageWriter(fileDescriptor: output)
    }

    /// Serves messages from `input` until `exit` or the end of input; returns the exit status:
    /// 0 after `shutdown`, 1 otherwise, as the protocol says.
    public func run(input: Int32) -> Int32 {
        let inbox = Inbox()
        let thread = Thread {
            var reader = MessageReader(fileDescriptor: input)
            while true {
                do {
                    guard let body = try reader.next() else { break }
                    inbox.put(.message(body))
                } catch MessageReader.Failure.badHeader(let header) {
                    inbox.put(.broken("a message header strata cannot read: \(header)"))
                    reader.resynchronize()
                } catch {
                    break  // the input ended inside a message
                }
            }
            inbox.close()
        }
        thread.start()
        while true {
            let batch = inbox.takeAll()
            if batch.isEmpty { return shutdownRequested ? 0 : 1 }
            for incoming in batch {
                switch incoming {
                case .message(let body):
                    if let status = handle(body) { return status }
                case .broken(let why):
                    sendError(id: .null, code: ErrorCode.parseError, why)
                }
            }
            checkAndPublish()
        }
    }

    // MARK: - Messages

    /// The envelope of every JSON-RPC message.
    struct Envelope: Decodable {
        var id: JSONValue?
        var method: String?
        var params: JSONValue?
        var result: JSONValue?
        var error: JSONValue?
    }

    enum ErrorCode {
        static let parseError = -32700
        static let invalidRequest = -32600
        static let methodNotFound = -32601
        static let invalidParams = -32602
        static let internalError = -32603
        static let serverNotInitialized = -32002
    }

    /// Handles one message; returns an exit status when the server must stop.
    func handle(_ body: [UInt8]) -> Int32? {
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(body)) else {
            sendError(id: .null, code: ErrorCode.parseError, "the message is not JSON-RPC: not a JSON object")
            return nil
        }
        guard let method = envelope.method else {
            // A response to a request of ours (window/showDocument): nothing waits for it.
            if envelope.id == nil || (envelope.result == nil && envelope.error == nil) {
                sendError(id: envelope.id ?? .null, code: ErrorCode.invalidRequest, "a message with no method")
            }
            return nil
        }
        let params = envelope.params ?? .null
        guard let id = envelope.id else {
            return notification(method, params)
        }
        if !initialized && method != "initialize" {
            sendError(id: id, code: ErrorCode.serverNotInitialized, "the server is not initialized yet")
            return nil
        }
        do {
            let result = try request(method, params)
            send(["jsonrpc": .string("2.0"), "id": id, "result": result ?? .null])
        } catch let failure as RequestFailure {
            sendError(id: id, code: failure.code, failure.message)
        } catch let error as DecodingError {
            sendError(id: id, code: ErrorCode.invalidParams, "\(method): the parameters do not fit: \(error)")
        } catch {
            sendError(id: id, code: ErrorCode.internalError, "\(method): \(error)")
        }
        return nil
    }

    struct RequestFailure: Error {
        var code: Int
        var message: String
    }

    func request(_ method: String, _ params: JSONValue) throws -> JSONValue? {
        switch method {
        case "initialize": return try initialize(params.decode(InitializeParams.self))
        case "shutdown":
            shutdownRequested = true
            return nil
        case "textDocument/hover":
            return try hover(params.decode(TextDocumentPositionParams.self)).map { try JSONValue($0) }
        case "textDocument/codeAction":
            checkAndPublish()  // the actions answer for the texts as they stand
            return try JSONValue(codeActions(params.decode(CodeActionParams.self)))
        case "workspace/executeCommand":
            try execute(params.decode(ExecuteCommandParams.self))
            return nil
        default:
            throw RequestFailure(code: ErrorCode.methodNotFound, message: "strata does not handle \(method)")
        }
    }

    func notification(_ method: String, _ params: JSONValue) -> Int32? {
        do {
            switch method {
            case "initialized":
                loadPackage()
            case "exit":
                return shutdownRequested ? 0 : 1
            case "textDocument/didOpen":
                let item = try params.decode(DidOpenParams.self).textDocument
                documents[item.uri] = TextDocument(text: item.text, version: item.version)
                textChanged(item.uri)
            case "textDocument/didChange":
                let change = try params.decode(DidChangeParams.self)
                guard var document = documents[change.textDocument.uri] else { return nil }
                for edit in change.contentChanges { document.apply(edit, encoding: encoding) }
                document.version = change.textDocument.version
                documents[change.textDocument.uri] = document
                textChanged(change.textDocument.uri)
            case "textDocument/didSave":
                saved(try params.decode(DidSaveParams.self).textDocument.uri)
            case "textDocument/didClose":
                let uri = try params.decode(DidCloseParams.self).textDocument.uri
                documents[uri] = nil
                if let path = relativePath(uri), path.hasSuffix(".swift") { pending[path] = .some(nil) }
                stale.insert(uri)
            case "workspace/didChangeWatchedFiles":
                for event in try params.decode(DidChangeWatchedFilesParams.self).changes { saved(event.uri) }
            default:
                break  // $/cancelRequest, $/setTrace and the rest need nothing from strata
            }
        } catch {
            log("strata lsp: \(method): the parameters do not fit: \(error)")
        }
        return nil
    }

    // MARK: - Documents

    func textChanged(_ uri: String) {
        stale.insert(uri)
        guard let path = relativePath(uri), path.hasSuffix(".swift"), path != "Package.swift",
            let document = documents[uri]
        else { return }
        pending[path] = .some(document.text)
    }

    /// A file changed on disk: the manifest and the rules are read again; a Swift file is read
    /// again when no editor holds its text.
    func saved(_ uri: String) {
        guard let path = relativePath(uri) else { return }
        let rulesFile = options.rulesFile.flatMap { relativePath($0.absoluteString) } ?? "strata.yml"
        if path == "Package.swift" || path == rulesFile || path.hasPrefix("Package@swift") {
            loadPackage()
        } else if path.hasSuffix(".swift"), documents[uri] == nil {
            pending[path] = .some(nil)  // read from disk again at the next check
        }
        stale.insert(uri)
    }

    /// Opens (or opens again) the package, with the open documents' texts in place of their files.
    func loadPackage() {
        session = nil
        guard let root else {
            failure = ("no Package.swift in the workspace or any folder above it; open a Swift package", nil, nil)
            return publishAll()
        }
        let rules = options.rulesFile ?? root.appendingPathComponent("strata.yml")
        guard FileManager.default.fileExists(atPath: rules.path) else {
            failure = ("no strata.yml in \(root.path); run `strata init` there to write one", nil, nil)
            return publishAll()
        }
        var lintOptions = LintOptions(packageDirectory: root, rulesFile: options.rulesFile)
        lintOptions.platform = options.platform
        // The package is read as `strata lint` reads it: unchanged files from the source cache.
        lintOptions.sourceCache = .readWrite
        do {
            let session = try LintSession(options: lintOptions)
            self.session = session
            failure = nil
            var texts: [String: String?] = [:]
            for (uri, document) in documents {
                if let path = relativePath(uri), path.hasSuffix(".swift"), path != "Package.swift" {
                    texts[path] = document.text
                }
            }
            pending = [:]
            try session.update(texts)
        } catch let error as ConfigError {
            session = nil
            failure = (error.message, error.file, error.line)
        } catch {
            session = nil
            failure = ("strata cannot read the package: \(error)", nil, nil)
        }
        publishAll()
    }

    func publishAll() {
        stale.formUnion(documents.keys)
        stale.formUnion(published.keys)
        if let root { stale.insert(root.appendingPathComponent("Package.swift").absoluteString) }
    }

    // MARK: - Output

    func send(_ message: [String: JSONValue]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let data = try? encoder.encode(JSONValue.object(message)) else { return }
        writer.write(Array(data))
    }

    func sendError(id: JSONValue, code: Int, _ message: String) {
        send([
            "jsonrpc": .string("2.0"), "id": id,
            "error": .object(["code": .number(Double(code)), "message": .string(message)]),
        ])
    }

    func sendNotification(_ method: String, _ params: some Encodable) {
        guard let params = try? JSONValue(params) else { return }
        send(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }

    func sendRequest(_ method: String, _ params: some Encodable) {
        guard let params = try? JSONValue(params) else { return }
        send([
            "jsonrpc": .string("2.0"), "id": .string("strata-\(nextRequest)"), "method": .string(method),
            "params": params,
        ])
        nextRequest += 1
    }

    /// A line on standard error: standard output carries the protocol alone.
    func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The path of `uri` relative to the package root, nil when it is outside.
    func relativePath(_ uri: String) -> String? {
        guard let root, let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : nil
    }
}
