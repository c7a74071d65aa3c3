import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
///
/// Piped or redirected runs get nothing, so logs and scripts never see carriage returns.
public final class ProgressBar: @unchecked Sendable {
    // Guarded by `lock`: paging code may report from any task.
    private let lock = NSLock()
    private let enabled: Bool
    private let width: Int
    private let label: String
    private let write: @Sendable (String) -> Void
    private var lastDrawn = ""

    /// Creates a bar; `write` receives the escape sequences (standard error by default).
    public init(
        label: String,
        environment: TerminalEnvironment,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.label = label
        self.enabled = environment.showsProgress
        self.width = max(10, min(40, environment.columns - label.count - 20))
        self.write = write
    }

    /// Draws `done` of `total`.
    public func update(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        let fraction = min(1, Double(done) / Double(total))
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let text = "\r\(label) \(bar) \(done)/\(total)"
        lock.withLock {
            guard text != lastDrawn else { return }
            lastDrawn = text
            write(text)
        }
    }

    /// Draws a status instead of a bar, for work whose total is unknown (cut to the terminal's width).
    public func show(_ status: String) {
        guard enabled else { return }
        let text = "\r\(label) \(String(status.prefix(max(10, width + 20))))\u{1B}[K"
        lock.withLock {
            guard text != lastDrawn else { return }
            lastDrawn = text
            write(text)
        }
    }

    /// Clears the bar's line.
    public func finish() {
        guard enabled else { return }
        lock.withLock {
            guard !lastDrawn.isEmpty else { return }
            lastDrawn = ""
            write("\r\u{1B}[2K")
        }
    }
}
