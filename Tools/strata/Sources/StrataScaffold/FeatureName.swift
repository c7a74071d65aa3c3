import Foundation

/// A feature's name and every name derived from it, computed rather than asked for.
///
/// `HTTPLogs` gives the app `http-logs`, the variable `httpLogs`, the snake form `http_logs`
/// and the title `HTTP Logs`. Words break where case changes (`ColorEvents` -> color, events),
/// an upper-case run stays one word (`IOStats` -> io, stats), digits stay with the word before
/// them (`OAuth2Tokens` -> oauth2, tokens) and a few known mixed-case acronyms stay whole.
public struct FeatureName: Sendable, Equatable, CustomStringConvertible {
    /// The name as given: the prefix of every target the feature owns.
    public let name: String
    /// The words the name is made of, in their original case.
    public let words: [String]

    /// The shortest and longest names accepted.
    public static let lengthRange = 2...40

    /// Mixed-case acronyms kept as one word, as Rails' `inflect.acronym` would be told.
    public static let acronyms = ["OAuth", "GraphQL"]

    /// What a good name looks like, for error messages.
    public static let rule =
        "a feature name is an UpperCamelCase ASCII identifier of 2 to 40 letters and digits, such as Notes, ColorEvents or HTTPLogs"

    /// Validates `name` and derives its words.
    ///
    /// - Throws: `StrataError.usage` saying what a good name looks like.
    public init(_ name: String) throws {
        guard !name.isEmpty else { throw StrataError.usage("the name is empty; \(Self.rule)") }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw StrataError.usage(
                "'\(name)' has characters other than ASCII letters and digits\(Self.suggestion(name)); \(Self.rule)")
        }
        guard let first = name.first, first.isUppercase else {
            throw StrataError.usage(
                "'\(name)' must start with an upper-case letter\(Self.suggestion(name)); \(Self.rule)")
        }
        guard Self.lengthRange.contains(name.count) else {
            throw StrataError.usage("'\(name)' has \(name.count) characters; \(Self.rule)")
        }
        let words = Self.split(name)
        let variable = Self.camelCase(words)
        for candidate in [name, variable] where SwiftKeywords.all.contains(candidate) {
            throw StrataError.usage(
                "'\(name)' gives '\(candidate)', a Swift keyword; choose another name (\(Self.rule))")
        }
        self.name = name
        self.words = words
    }

    /// The app's kebab-case name, also its folder under Apps/ (`HTTPLogs` -> `http-logs`).
    public var kebabCase: String { words.map { $0.lowercased() }.joined(separator: "-") }

    /// The snake_case form, for SQL names (`HTTPLogs` -> `http_logs`).
    public var snakeCase: String { words.map { $0.lowercased() }.joined(separator: "_") }

    /// The lowerCamelCase form, for variables (`HTTPLogs` -> `httpLogs`).
    public var camelCase: String { Self.camelCase(words) }

    /// The words separated by spaces, for prose (`ColorEvents` -> `Color Events`).
    public var title: String { words.joined(separator: " ") }

    /// The name as given.
    public var description: String { name }

    /// ` (did you mean ColorEvents?)` for `color-events`, `color_events` or `colorEvents`; empty when nothing fits.
    ///
    /// Accents are dropped first (`Ünïcode` -> `Unicode`), so a letter is never lost with its accent.
    static func suggestion(_ name: String) -> String {
        let folded = name.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
        let parts = folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let candidate = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard candidate != name, let first = candidate.first, first.isUppercase, lengthRange.contains(candidate.count)
        else { return "" }
        return " (did you mean \(candidate)?)"
    }

    private static func camelCase(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return first.lowercased() + words.dropFirst().joined()
    }

    /// Splits an UpperCamelCase identifier into words.
    static func split(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        var currentIsAcronym = false
        var index = 0
        while index < characters.count {
            let rest = String(characters[index...])
            // A known acronym at a word boundary is one word, even when its case would split it.
            if current.isEmpty || current.last.map({ $0.isLowercase || $0.isNumber }) == true,
                let acronym = acronyms.first(where: { rest.hasPrefix($0) && boundaryAfter($0, in: rest) })
            {
                if !current.isEmpty { words.append(current) }
                current = acronym
                currentIsAcronym = true
                index += acronym.count
                continue
            }
            let character = characters[index]
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isUppercase, !current.isEmpty, let previous {
                // aB and 2B start a word; in ABc the B starts one (the run "A" ends before it).
                let startsWord =
                    previous.isLowercase || previous.isNumber || currentIsAcronym
                    || (previous.isUppercase && next?.isLowercase == true)
                if startsWord {
                    words.append(current)
                    current = ""
                    currentIsAcronym = false
                }
            }
            current.append(character)
            index += 1
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether an acronym at the start of `rest` ends where a word may end.
    private static func boundaryAfter(_ acronym: String, in rest: String) -> Bool {
        guard let next = rest.dropFirst(acronym.count).first else { return true }
        return next.isUppercase || next.isNumber
    }
}
