import Foundation

extension BinaryRunner {
    /// Runs the executable with its standard output sent where a shell `redirect` says
    /// (`>/dev/full`, `>&-`, `>file`), and captures its standard error.
    ///
    /// The run goes through `/bin/sh`, which applies the redirect and then `exec`s the binary:
    /// what the binary sees is what cron or a script gives it.
    public func run(_ arguments: [String], redirectingOutput redirect: String, timeout: Double = 60) throws -> Result {
        let script = "exec \"$0\" \"$@\" \(redirect)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, executable.path] + arguments
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !(key.hasPrefix("STRATA_") && key.hasSuffix("_DB"))
        }
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "100"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let done = DispatchSemaphore(value: 0)
        let box = ErrorBytes()
        DispatchQueue.global().async {
            box.set(errors.fileHandleForReading.readDataToEndOfFile())
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 5)
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: "", stderr: box.text)
    }
}

private final class ErrorBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
