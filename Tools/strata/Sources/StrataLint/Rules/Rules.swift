/// The architecture rules of a package, as read from its `strata.yml`.
public struct Rules: Sendable {
    /// Where something was written in the rules file, for error messages.
    public struct Place: Sendable, Hashable {
        /// 1-based line.
        public var line: Int
        /// 1-based column.
        public var column: Int
    }

    /// What decides that a target belongs to a layer.
    public enum Selector: Sendable, Equatable {
        /// A target-name pattern, which may capture `{feature}` or `{target}`.
        case name(NamePattern)
        /// A glob on the target's folder, relative to the package root.
        case path(NamePattern)
        /// A SwiftPM target kind (`system`, `executable`, `test`, ...).
        case kind(String)
    }

    /// A layer: a set of targets and what they may depend on.
    public struct Layer: Sendable {
        /// The layer's name, used by `may_use` and in messages.
        public var name: String
        /// What puts a target in the layer, each with its place in the file.
        public var selectors: [(selector: Selector, place: Place)]
        /// Layers and modules the layer's targets may depend on directly: with `version: 2`, the
        /// whole list of what they may declare and import besides the toolchain's modules.
        public var mayUse: [(name: String, place: Place)]
        /// The toolchain modules the layer's targets may import: all of them, or only those listed.
        public var toolchain: Toolchain = .all
        /// Whether the layer may match no target (otherwise an empty layer is an error).
        public var optional: Bool
        /// Whether the layer holds tests: `{target}Tests` may also use its target and what that target may use.
        public var isTests: Bool
        /// Whether declared dependencies no source imports are reported for this layer.
        public var reportsUnused: Bool
        /// Types each target of the layer must declare: names that may hold `{feature}` (the
        /// target's feature) and `{target}` (the target's name), each with its place.
        public var requires: [(name: String, place: Place)] = []
        /// Where the layer starts.
        public var place: Place

        /// Whether the layer's targets belong to features (a selector captures `{feature}`).
        public var isFeatureLayer: Bool {
            selectors.contains {
                if case .name(let pattern) = $0.selector { pattern.captures == .feature } else { false }
            }
        }
    }

    /// Which toolchain modules (Foundation, Dispatch, Glibc, …) a layer may import.
    public enum Toolchain: Sendable {
        /// Every toolchain module: what a layer that says nothing gets.
        case all
        /// Only these, each with its place; the modules every file gets (Swift, _Concurrency) always.
        case only([(name: String, place: Place)])
    }

    /// An edge that is never allowed, whatever the layers say.
    public struct Forbidden: Sendable {
        /// The rule id reported with findings.
        public var id: String
        /// Layers or target-name patterns the rule applies to.
        public var from: [(name: String, place: Place)]
        /// Layers, target-name patterns or module names that must not be used.
        public var to: [(name: String, place: Place)]
        /// Why the edge is forbidden; shown with every finding.
        public var reason: String
        /// Where the rule starts.
        public var place: Place
    }

    /// Text no string literal of some targets may contain, such as command-line flags below the apps.
    public struct ForbiddenText: Sendable {
        /// The rule id reported with findings.
        public var id: String
        /// Layers or target-name patterns whose string literals are read.
        public var targets: [(name: String, place: Place)]
        /// Layers or target-name patterns left out, each with its place.
        public var except: [(name: String, place: Place)]
        /// Regular expressions (ICU syntax) over a literal's content; any match is a finding.
        public var patterns: [(text: String, place: Place)]
        /// Why the text is forbidden; shown with every finding.
        public var reason: String
        /// Where the rule starts.
        public var place: Place
    }

    /// An accepted violation: matching findings are not reported.
    public struct Exception: Sendable {
        /// The rule id the exception applies to, or nil for any.
        public var rule: String?
        /// A target-name pattern of the depending target.
        public var from: NamePattern?
        /// A pattern of the depended-on module.
        public var to: NamePattern?
        /// A glob on the source file of import findings.
        public var file: NamePattern?
        /// Why the violation is accepted (required).
        public var reason: String
        /// Where the exception starts.
        public var place: Place
    }

    /// Feature-wide rules.
    public struct Features: Sendable {
        /// No module of one feature depends on a module of another feature.
        public var independent = true
        /// Modules outside every feature depend on no feature module.
        public var isolated = true
        /// The fewest features the package must have; fewer is an error. By default 1 when a
        /// layer captures `{feature}` (so mistyped feature patterns cannot pass silently), else 0.
        public var minimum: Int?
        /// Where `minimum` is written.
        public var minimumPlace: Place?
    }

    /// The rules file formats this strata reads.
    public static let versions = [1, 2]
    /// The rules file's format: 1 reports a product no layer lists as a warning, 2 as an error.
    public var version = 1
    /// Where `version` is written, if it is.
    public var versionPlace: Place?
    /// The layers, in the order their selectors are tried: the first match wins.
    public var layers: [Layer]
    /// Feature-wide rules.
    public var features: Features
    /// Forbidden edges.
    public var forbidden: [Forbidden]
    /// Text forbidden in string literals.
    public var forbiddenText: [ForbiddenText] = []
    /// Rules on declarations: what types must be, what code may not mention.
    public var declarations: [DeclarationRule] = []
    /// Accepted violations, each with its reason.
    public var exceptions: [Exception]
    /// The builds whose `#if` clauses are read.
    public var conditions: Builds
    /// The rules file's path, as shown in messages.
    public var file: String
    /// The baseline of known violations `strata lint` reads when given none, relative to the package root.
    public var baseline: String? = nil

    /// The layer called `name`.
    public func layer(named name: String) -> Layer? { layers.first { $0.name == name } }
}

/// A target-name or path pattern: literal text with `*` wildcards and at most one capture.
///
/// `{feature}` captures a feature's name (`{feature}Entity` matches `PapersEntity`);
/// `{target}` captures the name of another target (`{target}Tests`). `*` matches any run of
/// characters except `/`, and `**` matches across `/`.
public struct NamePattern: Sendable, Equatable, CustomStringConvertible {
    /// What a pattern's capture names.
    public enum Capture: Sendable, Equatable {
        /// Nothing is captured.
        case none
        /// A feature's name.
        case feature
        /// A target's name.
        case target
    }

    enum Piece: Equatable {
        case literal([UInt8])
        case star(crossesSlash: Bool)
        case capture
    }

    /// The pattern as written.
    public let text: String
    /// What the pattern captures.
    public let captures: Capture
    let pieces: [Piece]

    /// Parses a pattern; nil when it has more than one capture or an unknown `{...}`.
    public init?(_ text: String) {
        self.text = text
        var pieces: [Piece] = []
        var capture = Capture.none
        var literal: [UInt8] = []
        var rest = Substring(text)
        func flush() {
            if !literal.isEmpty {
                pieces.append(.literal(literal))
                literal = []
            }
        }
        while let first = rest.first {
            if rest.hasPrefix("{feature}") || rest.hasPrefix("{target}") {
                guard capture == .none else { return nil }
                capture = rest.hasPrefix("{feature}") ? .feature : .target
                flush()
                pieces.append(.capture)
                rest = rest.dropFirst(capture == .feature ? 9 : 8)
            } else if rest.hasPrefix("**") {
                flush()
                pieces.append(.star(crossesSlash: true))
                rest = rest.dropFirst(2)
            } else if first == "*" {
                flush()
                pieces.append(.star(crossesSlash: false))
                rest = rest.dropFirst()
            } else if first == "{" || first == "}" {
                return nil
            } else {
                literal.append(contentsOf: first.utf8)
                rest = rest.dropFirst()
            }
        }
        flush()
        self.pieces = pieces
        self.captures = capture
    }

    /// Whether `name` matches; `captured` receives the capture, if the pattern has one.
    public func match(_ name: String) -> (matched: Bool, captured: String?) {
        let bytes = Array(name.utf8)
        var captured: String?
        let matched = match(bytes[...], pieces[...], &captured)
        return (matched, matched ? captured : nil)
    }

    /// Whether `name` matches.
    public func matches(_ name: String) -> Bool { match(name).matched }

    private func match(_ name: ArraySlice<UInt8>, _ pieces: ArraySlice<Piece>, _ captured: inout String?) -> Bool {
        guard let piece = pieces.first else { return name.isEmpty }
        let rest = pieces.dropFirst()
        switch piece {
        case .literal(let literal):
            guard name.starts(with: literal) else { return false }
            return match(name.dropFirst(literal.count), rest, &captured)
        case .star(let crossesSlash):
            for length in 0...name.count {
                let prefix = name.prefix(length)
                if !crossesSlash && prefix.contains(UInt8(ascii: "/")) { break }
                if match(name.dropFirst(length), rest, &captured) { return true }
            }
            return false
        case .capture:
            // A capture is a non-empty identifier; the shortest that lets the rest match wins.
            for length in 1...max(1, name.count) where length <= name.count {
                let prefix = name.prefix(length)
                guard prefix.allSatisfy(Self.isIdentifierByte) else { break }
                if match(name.dropFirst(length), rest, &captured) {
                    captured = String(decoding: prefix, as: UTF8.self)
                    return true
                }
            }
            return false
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 48 && byte <= 57)
            || ((byte | 0x20) >= 97 && (byte | 0x20) <= 122)
    }

    /// The pattern as written.
    public var description: String { text }
}
