/// The parameters of the requests and notifications strata's server handles.

public struct TextDocumentIdentifier: Codable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int?
    public var text: String
}

public struct DidOpenParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

public struct DidChangeParams: Codable, Sendable {
    public struct Document: Codable, Sendable {
        public var uri: String
        public var version: Int?
    }

    /// A whole new text (range absent) or a replacement of a range of the text.
    public struct Change: Codable, Sendable {
        public var range: TextRange?
        public var text: String

        public init(range: TextRange?, text: String) {
            self.range = range
            self.text = text
        }
    }

    public var textDocument: Document
    public var contentChanges: [Change]
}

public struct DidSaveParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct DidCloseParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct DidChangeWatchedFilesParams: Codable, Sendable {
    public struct Event: Codable, Sendable {
        public var uri: String
        public var type: Int
    }

    public var changes: [Event]
}

public struct TextDocumentPositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct CodeActionParams: Codable, Sendable {
    public struct Context: Codable, Sendable {
        public var diagnostics: [Diagnostic]
    }

    public var textDocument: TextDocumentIdentifier
    public var range: TextRange
    public var context: Context
}

public struct ExecuteCommandParams: Codable, Sendable {
    public var command: String
    public var arguments: [JSONValue]?
}

public struct PublishDiagnosticsParams: Codable, Sendable {
    public var uri: String
    public var version: Int?
    public var diagnostics: [Diagnostic]
}

public struct ShowDocumentParams: Codable, Sendable {
    public var uri: String
    public var takeFocus: Bool?
    public var selection: TextRange?
}

public struct ShowMessageParams: Codable, Sendable {
    /// 1 error, 2 warning, 3 info, 4 log.
    public var type: Int
    public var message: String
}
