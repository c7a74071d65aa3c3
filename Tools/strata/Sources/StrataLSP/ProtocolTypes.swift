/// The Language Server Protocol's types that strata's server sends and reads, as the
/// specification (3.17) names their fields; only the fields strata uses are declared.

/// A place in a document: a 0-based line and a 0-based character offset in the position encoding
/// the client and server agreed on (UTF-16 code units unless both say UTF-8).
public struct Position: Codable, Sendable, Hashable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A span of a document, `end` exclusive (the protocol's `Range`).
public struct TextRange: Codable, Sendable, Hashable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

/// A span in a document named by its URI.
public struct Location: Codable, Sendable, Hashable {
    public var uri: String
    public var range: TextRange

    public init(uri: String, range: TextRange) {
        self.uri = uri
        self.range = range
    }
}

/// One problem shown in the editor.
public struct Diagnostic: Codable, Sendable, Hashable {
    public struct CodeDescription: Codable, Sendable, Hashable {
        public var href: String
    }

    public struct RelatedInformation: Codable, Sendable, Hashable {
        public var location: Location
        public var message: String
    }

    /// 1 error, 2 warning, 3 information, 4 hint.
    public enum Severity: Int, Codable, Sendable {
        case error = 1
        case warning = 2
        case information = 3
        case hint = 4
    }

    public var range: TextRange
    public var severity: Severity
    /// The rule id, such as `layer-import`.
    public var code: String?
    public var codeDescription: CodeDescription?
    public var source: String
    public var message: String
    public var relatedInformation: [RelatedInformation]?

    public init(
        range: TextRange, severity: Severity, code: String? = nil, codeDescription: CodeDescription? = nil,
        message: String, relatedInformation: [RelatedInformation]? = nil
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        source = "strata"
        self.message = message
        self.relatedInformation = relatedInformation
    }
}

/// A replacement of a span of a document.
public struct TextEdit: Codable, Sendable, Hashable {
    public var range: TextRange
    public var newText: String
}

/// Edits to documents, by URI.
public struct WorkspaceEdit: Codable, Sendable, Hashable {
    public var changes: [String: [TextEdit]]
}

/// A command the client sends back with `workspace/executeCommand`.
public struct Command: Codable, Sendable, Hashable {
    public var title: String
    public var command: String
    public var arguments: [JSONValue]?
}

/// A fix or a move offered at a diagnostic.
public struct CodeAction: Codable, Sendable, Hashable {
    public var title: String
    /// `quickfix` for an edit that settles the diagnostic.
    public var kind: String?
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?
    public var command: Command?
    /// Why the action cannot run, shown greyed out by clients that support it.
    public var disabled: Disabled?

    public struct Disabled: Codable, Sendable, Hashable {
        public var reason: String
    }
}

/// What a hover shows: Markdown.
public struct Hover: Codable, Sendable, Hashable {
    public struct Contents: Codable, Sendable, Hashable {
        public var kind = "markdown"
        public var value: String
    }

    public var contents: Contents
    public var range: TextRange?
}
