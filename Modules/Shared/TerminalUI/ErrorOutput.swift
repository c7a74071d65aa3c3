import Foundation

/// Writes an app's error line to standard error: `<app>: error: <message>`, one line.
public enum ErrorOutput {
    /// Writes `line` and a newline to standard error.
    public static func report(line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
