import Foundation

/// Writes an app's error line to standard error: `<app>: error: <message>`, one line.
public enum ErrorOutput {
    /// Writes `line` and a newline to standard error.
    public static func report(line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

// TRANSITIONAL (one-feature-shape): every app reports through AppSupport.ErrorReporter.
import Core

extension ErrorOutput {
    /// Writes `<tool>: error: <message>` for `error`.
    public static func report(tool: String, _ error: any Error) {
        report(line: "\(tool): error: \(MessageError.describe(error))")
    }
}
