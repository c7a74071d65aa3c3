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
        process.executableURL = BinaryRunner(product: "coffee").executable
        process.arguments = ["serve", "--port", "0"] + storage + options
        process.standardOutput = output
        process.standardError = errors
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
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, process.terminationReason, stderr)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    enum ServeError: Error { case noAddress(String) }
}
