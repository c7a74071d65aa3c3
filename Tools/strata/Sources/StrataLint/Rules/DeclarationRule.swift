extension Rules {
    /// A rule on the declarations of some targets: what their types must be, and what their code
    /// may not mention. Checked on the syntax tree swift-syntax parses, every `#if` branch included.
    public struct DeclarationRule: Sendable {
        /// The kinds of type a rule can select or require.
        public static let typeKinds = ["struct", "enum", "class", "actor", "protocol"]

        /// Which type declarations `require` applies to: all of them when both lists are empty.
        public struct Selection: Sendable {
            /// `struct`, `enum`, `class`, `actor` or `protocol`; any when empty.
            public var kinds: [String] = []
            /// Name patterns (`*Presenter`, `{feature}UseCase`); any name when empty.
            public var names: [NamePattern] = []
        }

        /// What every selected type must be.
        public struct Requirement: Sendable {
            /// One of these kinds, when not empty.
            public var kinds: [String] = []
            /// Types it must conform to or inherit from, in its declaration or an extension in the same target.
            public var conformsTo: [String] = []
            /// Attributes it must carry, without `@` (`Observable`, `MainActor`).
            public var attributes: [String] = []
            /// Whether it must be `final` (a class; structs and enums are final by nature).
            public var isFinal = false
            /// Whether it must be `Sendable`: declared so, an actor, or isolated to a global actor.
            public var isSendable = false
        }

        /// What the targets' code may not hold.
        public struct Prohibition: Sendable {
            /// Names, calls and member accesses that may not appear (`FileManager`, `Date()`, `Date.now`, `print`).
            public var references: [(pattern: ReferencePattern, place: Place)] = []
            /// Whether stored global or static `var`s and `nonisolated(unsafe)` declarations are forbidden.
            public var mutableState = false
            /// Layers whose types the targets' public declarations may not mention.
            public var publicTypesFrom: [(name: String, place: Place)] = []
        }

        /// The rule id reported with findings.
        public var id: String
        /// Layers or target-name patterns the rule applies to.
        public var targets: [(name: String, place: Place)]
        /// Layers or target-name patterns left out.
        public var except: [(name: String, place: Place)]
        /// The types `require` applies to.
        public var select = Selection()
        /// What selected types must be, if anything.
        public var require: Requirement?
        /// What the code may not hold, if anything.
        public var forbid: Prohibition?
        /// Why; shown with every finding.
        public var reason: String
        /// Where the rule starts.
        public var place: Place
    }
}

/// A name a `forbid: references` entry matches: `Name` (any use), `Name()` (a call with no
/// arguments, such as `Date()`) or `Name.member` (such as `Date.now`).
public struct ReferencePattern: Sendable, Equatable, CustomStringConvertible {
    /// What is matched.
    public enum Form: Sendable, Equatable {
        /// Any use of the name: as a type, a value, a function called or passed.
        case name
        /// A call of the name with no arguments and no trailing closure.
        case emptyCall
        /// An access to one member of the name.
        case member(String)
    }

    /// The name referred to.
    public let name: String
    /// How it must be used to match.
    public let form: Form

    /// Parses an entry; nil when it is not `Name`, `Name()` or `Name.member` with identifier parts.
    public init?(_ text: String) {
        func isIdentifier(_ part: Substring) -> Bool {
            guard let first = part.first, first == "_" || first.isLetter else { return false }
            return part.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        }
        if text.hasSuffix("()") {
            let name = text.dropLast(2)
            guard isIdentifier(name) else { return nil }
            (self.name, form) = (String(name), .emptyCall)
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy(isIdentifier) else { return nil }
        name = String(parts[0])
        form = parts.count == 2 ? .member(String(parts[1])) : .name
    }

    /// The entry as written.
    public var description: String {
        switch form {
        case .name: name
        case .emptyCall: name + "()"
        case .member(let member): name + "." + member
        }
    }
}
