import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `coffee serve --port 0` running as a child process, with the URL it printed.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let url: String
    /// A staff token made on the server's database before it started (`coffee token create`).
    let token: String
    private let errors = Pipe()
    /// Everything the server wrote to stderr so far, read as it arrives.
    private let errorLog = ErrorLog()

    /// Each running server's staff token by its URL, so `HTTP` can authorize requests to it.
    static let tokens = Mutex<[String: String]>([:])

    /// The staff token of the server `url` points at, if a test started it.
    static func token(for url: String) -> String? {
        tokens.withLock { tokens in tokens.first { url.hasPrefix($0.key + "/") || url == $0.key }?.value }
    }

    /// Starts the server on the SQLite file `database` and waits (up to 30 s) for its `listening on` line.
    convenience init(database: String) throws {
        try self.init(storage: ["--db", database])
    }

    /// Starts the server on the PostgreSQL database at `url`.
    convenience init(postgres url: String) throws {
        try self.init(storage: ["--database", url])
    }

    /// Starts the server on `storage` (`--db FILE` or `--database URL`) with `options` for `serve`
    /// and waits (up to 30 s) for its `listening on` line.
    init(storage: [String], options: [String] = []) throws {
        let made = try BinaryRunner(product: "coffee").run(
            ["token", "create", "--name", "test-\(UUID().uuidString.prefix(8))", "--format", "plain"] + storage)
        guard made.status == 0 else { throw ServeError.noAddress("coffee token create failed: \(made.stderr)") }
        token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let output = Pipe()
        ChildProcess.configure(
            process, executable: BinaryRunner(product: "coffee").executable,
            arguments: ["serve", "--port", "0"] + storage + options)
        process.standardOutput = output
        process.standardError = errors
        errors.fileHandleForReading.readabilityHandler = { [errorLog] handle in errorLog.append(handle.availableData) }
        try process.run()
        let text = ServedApp.firstLine(of: output)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
            process.terminate()
            throw ServeError.noAddress(text)
        }
        url = String(text[start.lowerBound..<end])
        Self.tokens.withLock { [url, token] in $0[url] = token }
    }

    /// Sends `signal` and waits for the exit; returns the exit status and what was written to stderr.
    func stop(signal: Int32 = SIGTERM) -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        errorLog.waitForEnd(timeout: 10)
        errors.fileHandleForReading.readabilityHandler = nil
        return (process.terminationStatus, process.terminationReason, errorLog.text)
    }

    /// What the server wrote to stderr so far.
    var logText: String { errorLog.text }

    /// Waits (up to `timeout` seconds, a bound for a loaded machine) until stderr holds `text` at
    /// least `count` times; whether it does.
    ///
    /// How a test knows the server reached a point (`request started` at `--log-level debug`)
    /// without sleeping for a guess.
    @discardableResult
    func waitForLog(_ text: String, count: Int = 1, timeout: TimeInterval = 60) -> Bool {
        errorLog.wait(timeout: timeout) { $0.components(separatedBy: text).count - 1 >= count }
    }

    /// `waitForLog` from a task: the wait blocks a thread of its own, never one of the pool's.
    func waitForLog(_ text: String, count: Int = 1, timeout: TimeInterval = 60) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.waitForLog(text, count: count, timeout: timeout)) }.start()
        }
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    enum ServeError: Error { case noAddress(String) }
}

/// A child's stderr, gathered as it arrives, that a test can wait on.
private final class ErrorLog: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var data = Data()
    private var ended = false

    /// Adds a chunk; an empty one is the end of the stream.
    func append(_ chunk: Data) {
        condition.lock()
        defer { condition.unlock() }
        if chunk.isEmpty { ended = true } else { data.append(chunk) }
        condition.broadcast()
    }

    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until `holds` is true of the text, the stream ended, or `timeout` passed; whether it holds.
    func wait(timeout: TimeInterval, until holds: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let text = String(decoding: data, as: UTF8.self)
            if holds(text) { return true }
            if ended || !condition.wait(until: deadline) { return holds(text) }
        }
    }

    /// Waits until the stream ended (the child exited and its stderr closed), or `timeout` passed.
    func waitForEnd(timeout: TimeInterval) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !ended, condition.wait(until: deadline) {}
    }
}
