/// A truth value that may be unknown: how an `#if` condition evaluates when the platform is open.
public enum Tri: Sendable, Equatable {
    /// Certainly true.
    case yes
    /// Certainly false.
    case no
    /// Depends on the platform or build settings: both branches are considered.
    case maybe

    static func of(_ value: Bool) -> Tri { value ? .yes : .no }
    static prefix func ! (value: Tri) -> Tri {
        switch value {
        case .yes: .no
        case .no: .yes
        case .maybe: .maybe
        }
    }
    static func && (lhs: Tri, rhs: Tri) -> Tri {
        if lhs == .no || rhs == .no { return .no }
        return lhs == .yes && rhs == .yes ? .yes : .maybe
    }
    static func || (lhs: Tri, rhs: Tri) -> Tri {
        if lhs == .yes || rhs == .yes { return .yes }
        return lhs == .no && rhs == .no ? .no : .maybe
    }
}

/// What the checker assumes about the build when it evaluates `#if` conditions.
///
/// The defaults consider every platform: `os(...)`, `arch(...)` and custom flags are unknown,
/// so both branches of such an `#if` are scanned. `canImport(X)` is true for the package's
/// own modules, the products it declares and the modules every Swift toolchain ships, and
/// unknown for any other (platform modules such as Glibc, Network or UIKit are decided by `os`).
public struct BuildConditions: Sendable, Equatable {
    /// The operating system to evaluate `os(...)` for (`Linux`, `macOS`...); nil considers all.
    public var os: String?
    /// The Swift language and compiler version `swift(...)` and `compiler(...)` compare against.
    public var swiftVersion: [Int]
    /// Custom compilation flags with a known value (`DEBUG: true`); others are unknown.
    public var flags: [String: Bool]
    /// Modules that certainly exist: the package's own and the products it depends on.
    public var modules: Set<String>

    /// Creates the assumptions; by default every platform is considered.
    public init(
        os: String? = nil, swiftVersion: [Int] = [6, 3], flags: [String: Bool] = [:], modules: Set<String> = []
    ) {
        self.os = os
        self.swiftVersion = swiftVersion
        self.flags = flags
        self.modules = modules
    }

    /// Modules every Swift toolchain ships on every platform.
    static let toolchainModules: Set<String> = [
        "Swift", "Foundation", "Dispatch", "Observation", "Synchronization", "_Concurrency",
        "RegexBuilder", "_StringProcessing", "Distributed", "XCTest", "Testing", "Cxx", "CxxStdlib",
    ]

    /// Evaluates the condition of an `#if` or `#elseif` (the text after the keyword).
    public func evaluate(_ condition: String) -> Tri {
        var parser = ConditionParser(tokens: ConditionParser.tokenize(condition), conditions: self)
        return parser.parseOr() ?? .maybe
    }

    /// Whether `module` can be imported: certain for the package's modules and the toolchain's,
    /// unknown for a platform's unless `os` decides it, and unknown for any other module, since
    /// the packages the manifest depends on may have it (their modules are not resolved here).
    func canImport(_ module: String) -> Tri {
        // `canImport(Darwin.C)` asks for a submodule: the module decides.
        let top = module.split(separator: ".").first.map(String.init) ?? module
        if modules.contains(top) || Self.toolchainModules.contains(top) { return .yes }
        guard let systems = PlatformModules.systems(having: top), let os else { return .maybe }
        return .of(systems.contains(os))
    }

    func isOS(_ name: String) -> Tri {
        guard let os else { return .maybe }
        return .of(name == os || (name == "Darwin" && PlatformModules.apple.contains(os)))
    }

    func compareVersion(_ argument: String) -> Tri {
        let text = argument.replacingOccurrences(of: " ", with: "")
        let isLess = text.hasPrefix("<")
        let digits = text.drop { $0 == "<" || $0 == ">" || $0 == "=" }
        let wanted = digits.split(separator: ".").compactMap { Int($0) }
        guard !wanted.isEmpty else { return .maybe }
        let atLeast = !swiftVersion.lexicographicallyPrecedes(wanted)
        return .of(isLess ? !atLeast : atLeast)
    }
}

/// A recursive-descent parser for `#if` conditions: `||`, `&&`, `!`, parentheses, calls, flags.
struct ConditionParser {
    var tokens: [String]
    let conditions: BuildConditions
    var position = 0

    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        let bytes = Array(text.utf8)
        var index = 0
        func isWord(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".") || byte >= 0x80
                || (byte >= 48 && byte <= 57) || ((byte | 0x20) >= 97 && (byte | 0x20) <= 122)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                { index += 1 }
                index += 2
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
                continue
            }
            let two = index + 1 < bytes.count ? String(decoding: bytes[index...index + 1], as: UTF8.self) : ""
            if ["&&", "||", ">=", "<=", "=="].contains(two) {
                tokens.append(two)
                index += 2
                continue
            }
            if isWord(byte) {
                let start = index
                while index < bytes.count, isWord(bytes[index]) { index += 1 }
                tokens.append(String(decoding: bytes[start..<index], as: UTF8.self))
                continue
            }
            tokens.append(String(UnicodeScalar(byte)))
            index += 1
        }
        return tokens
    }

    var peek: String? { position < tokens.count ? tokens[position] : nil }
    mutating func next() -> String? {
        defer { position += 1 }
        return peek
    }

    mutating func parseOr() -> Tri? {
        guard var value = parseAnd() else { return nil }
        while peek == "||" {
            position += 1
            guard let rhs = parseAnd() else { return nil }
            value = value || rhs
        }
        return value
    }

    mutating func parseAnd() -> Tri? {
        guard var value = parseUnary() else { return nil }
        while peek == "&&" {
            position += 1
            guard let rhs = parseUnary() else { return nil }
            value = value && rhs
        }
        return value
    }

    mutating func parseUnary() -> Tri? {
        if peek == "!" {
            position += 1
            return parseUnary().map { !$0 }
        }
        if peek == "(" {
            position += 1
            let value = parseOr()
            guard next() == ")" else { return nil }
            return value
        }
        guard let word = next() else { return nil }
        if peek == "(" {
            position += 1
            var argument: [String] = []
            var depth = 1
            while let token = next() {
                if token == "(" { depth += 1 }
                if token == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                argument.append(token)
            }
            return call(word, argument)
        }
        switch word {
        case "true": return .yes
        case "false": return .no
        default: return conditions.flags[word].map(Tri.of) ?? .maybe
        }
    }

    func call(_ name: String, _ argument: [String]) -> Tri {
        let first = argument.first ?? ""
        switch name {
        case "canImport": return conditions.canImport(first)
        case "os": return conditions.isOS(first)
        case "swift", "compiler": return conditions.compareVersion(argument.joined())
        default: return .maybe  // arch, targetEnvironment, hasFeature, hasAttribute, _endian, ...
        }
    }
}
