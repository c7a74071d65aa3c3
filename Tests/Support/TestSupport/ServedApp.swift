import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An app's `serve --port 0` running as a child process, with the URL its first line printed.
///
/// Started on loopback, given 30 s to say where it listens, and stopped by `stop()` (or when it is
/// released), so no test leaves a server behind.
public final class ServedApp: @unchecked Sendable {
    /// The server's base URL, such as `http://127.0.0.1:41234`.
    public let url: String
    private let process = Process()
    private let errors = Pipe()

    /// The server's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Runs `product serve --port 0 arguments` with `environment` added, and waits for its `listening on` line.
    public init(product: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        let output = Pipe()
        ChildProcess.configure(
            process, executable: BinaryRunner(product: product).executable,
            arguments: ["serve", "--port", "0"] + arguments)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = Self.firstLine(of: output)
        guard let start = text.range(of: "http://") else {
            process.terminate()
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw ServedAppError.noAddress(output: text, stderr: stderr)
        }
        url = String(text[start.lowerBound...].prefix { !$0.isWhitespace })
    }

    /// What `pipe` carries up to its first line break, waiting at most `seconds` (a server's `listening on` line).
    public static func firstLine(of pipe: Pipe, seconds: TimeInterval = 30) -> String {
        var line = Data()
        let deadline = Date().addingTimeInterval(seconds)
        while !line.contains(UInt8(ascii: "\n")), Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Stops the server (SIGTERM) and waits for it; returns its exit status and what it wrote to stderr.
    @discardableResult
    public func stop() -> (status: Int32, stderr: String) {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, stderr)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// The server never said where it listens.
    public enum ServedAppError: Error { case noAddress(output: String, stderr: String) }
}
