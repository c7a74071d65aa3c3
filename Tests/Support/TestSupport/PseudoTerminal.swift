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
        ChildProcess.configure(
            process, executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qfec", command, "/dev/null"])
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

    /// Waits until the executable catches `signal` (its handler is installed, `SigCgt` in
    /// /proc/PID/status): a signal sent before that would be lost.
    ///
    /// - Throws: `Waiting.Failure` naming the signal when no handler came (`Waiting`'s patience).
    public func waitForHandler(of signal: Int32) throws {
        try Waiting.blockingUntil("a handler for signal \(signal)") {
            guard let pid = executablePID,
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
                let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { return false }
            return mask & (1 << UInt64(signal - 1)) != 0
        }
    }

    /// Waits until the executable is blocked reading its terminal having made at least `reads`
    /// reads of it: everything typed before was read and handled, and it waits for the next key.
    /// Returns the number of reads made, or `nil` when that did not happen within `timeout` seconds.
    ///
    /// How a test knows an app's key timer ran out (a lone Escape taken as the Escape key after
    /// the time the rest of a sequence may take) without sleeping for longer than that time:
    /// the reading thread is in `read(0, …)` again (`/proc/PID/task/TID/syscall`), and its own
    /// count of reads (`syscr` in `/proc/PID/task/TID/io`, counted when a read returns) says it
    /// is the read after the ones that took the keys typed.
    public func waitForTerminalRead(reads: Int = 0, timeout: Double = 30) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let pid = executablePID, let made = Self.blockedTerminalReads(of: pid), made >= reads { return made }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }

    /// `read`'s number in `/proc/PID/syscall`.
    #if arch(arm64)
    private static let readSystemCall = "63"
    #else
    private static let readSystemCall = "0"
    #endif

    /// The reads made so far by the thread of `pid` that is blocked in `read` on standard input, if one is.
    private static func blockedTerminalReads(of pid: pid_t) -> Int? {
        let tasks = "/proc/\(pid)/task"
        for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            // `0 0x0 …` on x86-64: system call read with file descriptor 0 as its first argument.
            guard let call = try? String(contentsOfFile: "\(tasks)/\(thread)/syscall", encoding: .utf8),
                call.split(separator: " ").prefix(2).map(String.init) == [Self.readSystemCall, "0x0"],
                let io = try? String(contentsOfFile: "\(tasks)/\(thread)/io", encoding: .utf8),
                let line = io.split(separator: "\n").first(where: { $0.hasPrefix("syscr:") }),
                let reads = Int(line.dropFirst("syscr:".count).trimmingCharacters(in: .whitespaces))
            else { continue }
            return reads
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
