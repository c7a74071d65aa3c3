/// ANSI styling that switches itself off where colour is not wanted.
public struct Style: Sendable {
    /// Whether escape codes are written at all.
    public let enabled: Bool

    /// Creates a style for a terminal; off unless `environment.usesColor`.
    public init(_ environment: TerminalEnvironment) { enabled = environment.usesColor }

    /// Creates a style that is on or off.
    public init(enabled: Bool) { self.enabled = enabled }

    /// Bold text.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dim text, for secondary details.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// Red text, for errors.
    public func red(_ text: String) -> String { wrap(text, "31") }
    /// Green text, for success.
    public func green(_ text: String) -> String { wrap(text, "32") }
    /// Yellow text, for warnings and marks.
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Cyan text, for identifiers.
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    /// Text in a 24-bit foreground colour.
    public func foreground(_ text: String, red: UInt8, green: UInt8, blue: UInt8) -> String {
        wrap(text, "38;2;\(red);\(green);\(blue)")
    }

    /// Text on a 24-bit background colour.
    public func background(_ text: String, red: UInt8, green: UInt8, blue: UInt8) -> String {
        wrap(text, "48;2;\(red);\(green);\(blue)")
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `text` without ANSI escape sequences, to measure or compare it.
    public static func strip(_ text: String) -> String {
        var result = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escaping = false }
            } else if scalar == "\u{1B}" {
                escaping = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
