import Foundation

/// Runs a command-line tool to the end and keeps what it printed.
///
/// `strata` asks SwiftPM, swiftc and swift-format about the package rather than guessing what
/// they would say; all are run the same way, through `/usr/bin/env` so `PATH` picks the toolchain.
public enum ToolProcess {
    /// The exit status and both outputs of a finished run.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var output: Data
        /// Everything written to standard error.
        public var errors: String
    }

    /// Runs `arguments` (the tool first) in `folder`; throws only when the tool cannot be started.
    public static func run(_ arguments: [String], in folder: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read stderr on the side so neither pipe can fill up and block the child.
        let errorText = ErrorCollector(errors)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: data, errors: errorText.text())
    }
}

/// Drains a pipe on a background thread.
private final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        DispatchQueue.global().async { [self] in
            let read = pipe.fileHandleForReading.readDataToEndOfFile()
            lock.withLock { data = read }
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
