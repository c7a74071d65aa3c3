import Foundation
import StrataLSP
import StrataTestSupport
import Testing

/// Drives a `strata lsp` process as an editor would: framed JSON-RPC on its standard input and
/// output, every message it sends kept in order for the test to wait for.
final class LSPClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var received: [JSONValue] = []
    private var ended = false
    private var nextID = 1
    /// How long a wait for a message lasts before the test fails: generous, for a loaded machine.
    let patience: TimeInterval = 120

    init(arguments: [String] = [], in folder: URL) throws {
        process.executableURL = BinaryRunner(product: "strata").executable
        process.arguments = ["lsp"] + arguments
        process.currentDirectoryURL = folder
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [self] in
            // availableData returns what has arrived (readData(ofLength:) would wait for all of it).
            var reader = MessageReader { _ in Array(handle.availableData) }
            while let body = try? reader.next() {
                let value = (try? JSONDecoder().decode(JSONValue.self, from: Data(body))) ?? .string("not JSON")
                condition.lock()
                received.append(value)
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Writes raw bytes to the server.
    func writeRaw(_ bytes: String) {
        input.fileHandleForWriting.write(Data(bytes.utf8))
    }

    func send(_ message: JSONValue) throws {
        let body = try JSONEncoder().encode(message)
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: JSONValue) throws {
        try send(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Sends a request and waits for its response.
    @discardableResult
    func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let id = nextID
        nextID += 1
        try send(.object(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params]))
        return try waitFor { $0["id"] == .number(Double(id)) && $0["method"] == nil }
    }

    /// The first message from the server, after those already taken, that `matches`; fails the test after `patience`.
    func waitFor(_ what: String = "a message", _ matches: (JSONValue) -> Bool) throws -> JSONValue {
        let deadline = Date(timeIntervalSinceNow: patience)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = received.firstIndex(where: matches) {
                let found = received[index]
                received.removeSubrange(...index)
                return found
            }
            if ended { throw ClientError.ended(what, stderr()) }
            guard condition.wait(until: deadline) else { throw ClientError.timedOut(what) }
        }
    }

    /// The next diagnostics published for `uri`.
    func diagnostics(for uri: String) throws -> [JSONValue] {
        let message = try waitFor("diagnostics for \(uri)") {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
        }
        guard case .array(let list)? = message["params"]?["diagnostics"] else { return [] }
        return list
    }

    /// Closes the server's input and waits for it to end; its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func stderr() -> String {
        String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
    }

    enum ClientError: Error, CustomStringConvertible {
        case timedOut(String)
        case ended(String, String)

        var description: String {
            switch self {
            case .timedOut(let what): "no \(what) from strata lsp"
            case .ended(let what, let stderr): "strata lsp ended before \(what); it said: \(stderr)"
            }
        }
    }
}
