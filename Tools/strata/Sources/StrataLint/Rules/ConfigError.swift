/// A problem with the rules file or the package description: the run cannot start (exit 2).
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that is wrong.
    public var file: String
    /// The 1-based line that is wrong, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// What is wrong and what to do.
    public var message: String

    /// Creates an error pointing at `file`, optionally at a line and column.
    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:col: error: message`, the compiler's style.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let line, line > 0, let column { place += ":\(column)" }
        return "\(place): error: \(message)"
    }
}
