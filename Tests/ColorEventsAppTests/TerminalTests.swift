import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `color-events run` on a real (pseudo-)terminal: script(1) gives it one.
final class TerminalSession: @unchecked Sendable {
    let process = Process()
    let database: String
    private let input = Pipe()
    private let output = Pipe()

    init(database: String) throws {
        self.database = database
        let binary = BinaryRunner(product: "color-events").executable.path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", "\(binary) run --seed 3 --db \(database)", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)  // the app is up and in raw mode
    }

    /// Types `text`, then waits `pause` seconds.
    func type(_ text: String, pause: Double = 0.4) {
        input.fileHandleForWriting.write(Data(text.utf8))
        Thread.sleep(forTimeInterval: pause)
    }

    /// The app's process id (script's child), found by its unique database path.
    func appProcess() -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), pid != process.processIdentifier,
                let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))
            else { continue }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.first?.hasSuffix("/color-events") == true, arguments.contains(database) { return pid }
        }
        return nil
    }

    /// Waits up to `timeout` seconds for the end; the exit status and everything drawn.
    func finish(timeout: Double = 10) -> (status: Int32?, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            if let pid = appProcess() { kill(pid, SIGKILL) }
            process.terminate()
            return (nil, "")
        }
        try? input.fileHandleForWriting.close()
        let screen = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, screen)
    }
}

@Suite("color-events run on a terminal")
struct TerminalTests {
    @Test("a lone Escape is dropped after a moment, and the keys after it work")
    func loneEscape() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("e.sqlite").path
        let session = try TerminalSession(database: database)
        session.type("\u{1B}")
        session.type("l")
        session.type("q")
        let (status, _) = session.finish()
        #expect(status == 0, "q after a lone Escape must quit")
        let journal = try BinaryRunner(product: "color-events").run(["journal", "--format", "plain", "--db", database])
        #expect(journal.stdout.contains("changeLeftColor"), "\(journal.stdout)")
    }

    /// A signal from another process, and the status a shell reports for it.
    static let signals: [(signal: Int32, status: Int32)] = [(SIGHUP, 129), (SIGINT, 130), (SIGTERM, 143)]

    @Test("a signal from outside gives the terminal back and exits 128 + the signal", arguments: 0..<3)
    func signal(index: Int) throws {
        let (signal, expected) = Self.signals[index]
        let directory = try TemporaryDirectory()
        let session = try TerminalSession(database: directory.path("e.sqlite").path)
        let pid = try #require(session.appProcess())
        kill(pid, signal)
        let (status, screen) = session.finish()
        #expect(status == expected)
        #expect(screen.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the alternate screen is left and the cursor shown")
    }

    @Test("a resize redraws the panes at the new width")
    func resize() throws {
        let directory = try TemporaryDirectory()
        let session = try TerminalSession(database: directory.path("e.sqlite").path)
        let pid = try #require(session.appProcess())
        kill(pid, SIGWINCH)
        Thread.sleep(forTimeInterval: 0.5)
        session.type("q")
        let (status, screen) = session.finish()
        #expect(status == 0)
        // The first frame, then one more drawn for the resize: two clears of the screen.
        #expect(screen.components(separatedBy: "\u{1B}[H\u{1B}[2J").count - 1 == 2, "\(screen.debugDescription)")
    }
}
