/// A type declaration or extension found in a Swift source file, for `requires` rules.
///
/// A layer requires that a type of a given name exists, and an `extension` of it is kept so a
/// missing type can be reported where its extension still stands.
public struct TypeDeclaration: Hashable, Sendable, Codable {
    /// `struct`, `enum`, `class`, `actor`, `protocol`, `typealias` or `extension`.
    public var kind: String
    /// The declared name; for an extension, the extended type as written (`A.B` stays `A.B`).
    public var name: String
    /// The 1-based line of the name.
    public var line: Int
    /// The 1-based column (in UTF-8 bytes) of the name.
    public var column: Int

    public init(kind: String, name: String, line: Int, column: Int) {
        self.kind = kind
        self.name = name
        self.line = line
        self.column = column
    }

    /// Whether this declares a type (an extension does not).
    public var declaresType: Bool { kind != "extension" }

    /// Whether this is an extension of `type` (written `type` or `Module.type`).
    public func extends(_ type: String) -> Bool {
        kind == "extension" && (name == type || name.hasSuffix("." + type))
    }
}

/// The text of one string literal as written between its delimiters, for `forbidden_text` rules.
///
/// Escapes stay as written (`\n` is two characters) so every character maps back to a column.
/// Each interpolation `\(...)` is replaced by one U+FFFC; the strings inside an interpolation are
/// literals of their own.
public struct StringLiteral: Hashable, Sendable {
    /// Where a run of content between interpolations starts, in the content and in the file.
    struct Anchor: Hashable, Sendable {
        var offset: Int
        var line: Int
        var column: Int
    }

    /// The literal's content, interpolations replaced by U+FFFC.
    public var content: String
    /// The 1-based line of the opening delimiter.
    public var line: Int
    /// The 1-based column (UTF-8 bytes) of the opening delimiter (its first `#` for a raw string).
    public var column: Int
    var anchors: [Anchor]

    /// The placeholder that stands for an interpolation in `content`.
    public static let interpolation: Character = "\u{FFFC}"

    /// The line and column (UTF-8 bytes) in the file of the content's UTF-8 offset `offset`.
    public func position(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
        guard let anchor = anchors.last(where: { $0.offset <= offset }) else { return (line, column) }
        var position = (line: anchor.line, column: anchor.column)
        let utf8 = content.utf8
        let end = min(offset, utf8.count)
        guard anchor.offset < end else { return position }
        for byte in utf8[
            utf8.index(utf8.startIndex, offsetBy: anchor.offset)..<utf8.index(utf8.startIndex, offsetBy: end)]
        {
            if byte == UInt8(ascii: "\n") {
                position = (position.line + 1, 1)
            } else {
                position.column += 1
            }
        }
        return position
    }
}

/// What one reading of a source file finds, in the `#if` clauses some build compiles (`Builds`).
public struct SourceFacts: Sendable, Equatable {
    /// The imports, in file order.
    public var imports: [ImportStatement] = []
    /// The modules `#externalMacro(module: "M", ...)` names, kind `macro`: macro targets used without an import.
    public var externalMacros: [ImportStatement] = []
    /// Type declarations, typealiases and extensions, in file order.
    public var declarations: [TypeDeclaration] = []
    /// String literals, when asked for.
    public var strings: [StringLiteral] = []
    /// What the declaration rules read.
    public var declarationFacts = DeclarationFacts()
}
