import Core
import Foundation

/// Prints a `DomainError` the way every app does: `<tool>: error: <message>` on one line of stderr.
public enum ErrorOutput {
    /// The line printed for `error`.
    public static func line(tool: String, _ error: any Error) -> String {
        "\(tool): error: \(DomainError.describe(error))"
    }

    /// Writes the line to standard error.
    public static func report(tool: String, _ error: any Error) {
        FileHandle.standardError.write(Data((line(tool: tool, error) + "\n").utf8))
    }
}
