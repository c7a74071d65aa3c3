import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the terminal around the process can do, read once at start-up and injected.
///
/// Colour is used only on a TTY, never when `NO_COLOR` is set to anything non-empty
/// (no-color.org), and never on a `dumb` terminal.
public struct TerminalEnvironment: Sendable, Equatable {
    /// Whether standard output is a terminal.
    public var stdoutIsTTY: Bool
    /// Whether standard error is a terminal.
    public var stderrIsTTY: Bool
    /// The process environment.
    public var variables: [String: String]
    /// The width of the terminal in columns (80 when unknown).
    public var columns: Int

    /// Creates an environment; tests build one by hand.
    public init(stdoutIsTTY: Bool, stderrIsTTY: Bool, variables: [String: String] = [:], columns: Int = 80) {
        self.stdoutIsTTY = stdoutIsTTY
        self.stderrIsTTY = stderrIsTTY
        self.variables = variables
        self.columns = columns
    }

    /// The real terminal of this process.
    public static var live: TerminalEnvironment {
        let variables = ProcessInfo.processInfo.environment
        return TerminalEnvironment(
            stdoutIsTTY: isatty(STDOUT_FILENO) == 1,
            stderrIsTTY: isatty(STDERR_FILENO) == 1,
            variables: variables,
            columns: liveColumns(variables: variables)
        )
    }

    /// Whether to colour standard output.
    public var usesColor: Bool {
        stdoutIsTTY && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
    }

    /// The width to fit tables to: the terminal's, or `COLUMNS` when it is set; `nil` (cut
    /// nothing) when output goes to a pipe or a file and nothing asks for a width, as `gh` and
    /// `kubectl` do: a script reading the output wants whole values.
    public var fitWidth: Int? {
        stdoutIsTTY || !(variables["COLUMNS"] ?? "").isEmpty ? columns : nil
    }

    /// Whether to draw a progress bar on standard error.
    public var showsProgress: Bool { stderrIsTTY && variables["TERM"] != "dumb" }

    private static func liveColumns(variables: [String: String]) -> Int {
        if let columns = variables["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
