import Foundation

/// Standard output, unbuffered.
enum Console {
    /// Writes `text` to standard output at once, so prompts show before input is read.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
