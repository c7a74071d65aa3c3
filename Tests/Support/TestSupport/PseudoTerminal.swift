import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One of the package's executables run on a pseudo-terminal by script(1), as a person runs it
/// in a terminal window: what it draws, keys typed into it, signals sent to it.
///
/// Tests wait for what the executable draws (`waitFor`), never for a fixed time.
public final class PseudoTerminal: @unchecked Sendable {
    /// The script(1) process; its exit status is the executable's.
    public let process = Process()
    private let product: String
    private let arguments: [String]
    private let input = Pipe()
    private let output = Pipe()
    private let drawn = Mutex(Data())

    /// The sequence a full-screen redraw starts with: cursor home, clear the screen.
    public static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// Starts `product` with `arguments` (no spaces in them) and extra `environment` on a pseudo-terminal.
    public init(product: String, arguments: [String], environment extra: [String: String] = [:]) throws {
        self.product = product
        self.arguments = arguments
        let command = ([BinaryRunner(product: product).executable.path] + arguments).joined(separator: " ")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.drawn.withLock { $0.append(data) }
        }
        try process.run()
    }

    /// Whether `marker` appears `count` times in what was drawn within `timeout` seconds.
    public func waitFor(_ marker: String, count: Int = 1, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let screen = String(decoding: drawn.withLock { $0 }, as: UTF8.self)
            if screen.components(separatedBy: marker).count - 1 >= count { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Types `text`.
    public func type(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
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
    public func finish(timeout: Double = 30) -> (status: Int32?, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let killed = process.isRunning
        if killed {
            if let pid = executablePID { kill(pid, SIGKILL) }
            process.terminate()
            process.waitUntilExit()
        }
        try? input.fileHandleForWriting.close()
        output.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let screen = String(decoding: drawn.withLock { $0 } + rest, as: UTF8.self)
        return (killed ? nil : process.terminationStatus, screen)
    }
}
