/// What swift-syntax finds in one source file for the declaration rules.
public struct DeclarationFacts: Sendable, Equatable {
    /// A place in the file: 1-based line and column (UTF-8 bytes).
    public struct Position: Sendable, Hashable {
        public var line: Int
        public var column: Int
    }

    /// A struct, enum, class, actor or protocol, with what the rules ask of it.
    public struct DeclaredType: Sendable, Equatable {
        /// `struct`, `enum`, `class`, `actor` or `protocol`.
        public var kind: String
        /// The name as declared (a nested type's own name, not its path).
        public var name: String
        /// Attributes without `@` or arguments (`Observable`, `MainActor`).
        public var attributes: [String]
        /// Modifiers (`public`, `final`).
        public var modifiers: [String]
        /// The inheritance clause, last name of each entry, generic arguments left out.
        public var inherits: [String]
        /// Where its name is.
        public var position: Position
    }

    /// An extension and the conformances it adds.
    public struct Extension: Sendable, Equatable {
        /// The extended type's last name (`Outer.Inner` gives `Inner`).
        public var extended: String
        /// The conformances it adds.
        public var inherits: [String]
    }

    /// A use of a name a `forbid: references` rule watches.
    public struct Reference: Sendable, Equatable {
        /// The name.
        public var name: String
        /// The member accessed on it (`now` in `Date.now`), if any.
        public var member: String?
        /// Whether it is called with no arguments and no trailing closure (`Date()`).
        public var isEmptyCall: Bool
        /// Where the name is.
        public var position: Position
    }

    /// A stored global or static `var`, or a `nonisolated(unsafe)` declaration.
    public struct MutableState: Sendable, Equatable {
        /// What it is, such as `var cache at top level` or `static var shared`.
        public var description: String
        /// Where its name is.
        public var position: Position
    }

    /// A type a public or open declaration gives back: a property's type, a function's or a
    /// subscript's result, an enum case's payload, a typealias's target. Parameters are left out:
    /// they are what a caller tells the declaration, not what it exposes.
    public struct PublicMention: Sendable, Equatable {
        /// The declaration, such as `func detail(of:)` or `var paper`.
        public var declaration: String
        /// The type declaring it, or nil at top level.
        public var owner: String?
        /// The owner's kind (`class`, `struct`…); empty in an extension, which does not say.
        public var ownerKind: String
        /// The type's last name.
        public var type: String
        /// Where the type's name is.
        public var position: Position
    }

    public var types: [DeclaredType] = []
    public var extensions: [Extension] = []
    public var references: [Reference] = []
    public var mutableState: [MutableState] = []
    public var publicMentions: [PublicMention] = []
}
