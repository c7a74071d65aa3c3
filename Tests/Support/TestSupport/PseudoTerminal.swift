import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One of the package's executables run on a pseudo-terminal by script(1), as a person runs it
/// in a terminal window: what it draws, keys typed into it, signals sent to it.
public final class PseudoTerminal: @unchecked Sendable {
    /// The script(1) process; its exit status is the executable's.
    public let process = Process()
    private let product: String
    private let arguments: [String]
    private let input = Pipe()
    private let output = Pipe()

    /// Starts `product` with `arguments` (no spaces in them) on a pseudo-terminal, then waits `startup` seconds.
    public init(product: String, arguments: [String], startup: Double = 1.5) throws {
        self.product = product
        self.arguments = arguments
        let command = ([BinaryRunner(product: product).executable.path] + arguments).joined(separator: " ")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        Thread.sleep(forTimeInterval: startup)
    }

    /// Types `text`, then waits `pause` seconds.
    public func type(_ text: String, pause: Double = 0.4) {
        input.fileHandleForWriting.write(Data(text.utf8))
        Thread.sleep(forTimeInterval: pause)
    }

    /// The executable's process id (script's child), found in /proc by its arguments.
    public var executablePID: pid_t? {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), pid != process.processIdentifier,
                let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))
            else { continue }
            let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if words.first?.hasSuffix("/" + product) == true, Array(words.dropFirst()) == arguments { return pid }
        }
        return nil
    }

    /// Waits up to `timeout` seconds for the end (then kills it): the exit status, `nil` when
    /// killed, and everything it drew.
    public func finish(timeout: Double = 10) -> (status: Int32?, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let killed = process.isRunning
        if killed {
            if let pid = executablePID { kill(pid, SIGKILL) }
            process.terminate()
            process.waitUntilExit()
        }
        try? input.fileHandleForWriting.close()
        let screen = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (killed ? nil : process.terminationStatus, screen)
    }
}
