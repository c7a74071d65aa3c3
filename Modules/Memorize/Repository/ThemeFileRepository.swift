import Core
import Foundation
import MemorizeEntity

/// The built-in themes plus the user's, read once from a JSON file and validated.
///
/// The file is either `{"themes": [ … ]}` or a bare array of themes; each theme is
/// `{"name": "Planets", "emoji": ["🌍", "🪐", …], "pairs": 4, "color": "blue"}`, with
/// `pairs` (default: all its emoji, at most 8) and `color` (default: gray) optional. A user
/// theme named like a built-in one replaces it.
public struct ThemeFileRepository: ThemeRepository {
    private let themes: [Theme]

    /// Reads and validates the file at `url`; `builtIns` come first.
    ///
    /// - Throws: `MessageError.notFound` when the file does not exist, `MessageError.badData`
    ///   naming the file (and the theme) when it is not valid JSON or a theme breaks a rule.
    public init(url: URL, builtIns: [Theme] = BuiltInThemes.all) throws {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw MessageError.notFound("themes file \(path) does not exist; check --themes-file or MEMORIZE_THEMES")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw MessageError.badData("cannot read themes file \(path): \(error.localizedDescription)")
        }
        let userThemes = try Self.decode(data, path: path)
        var merged = builtIns
        for theme in userThemes {
            if let index = merged.firstIndex(where: { $0.isNamed(theme.name) }) {
                merged[index] = theme
            } else {
                merged.append(theme)
            }
        }
        themes = merged
    }

    /// The built-in themes and the file's.
    public func all() throws -> [Theme] { themes }

    /// The themes in `data`, validated; errors name `path` and the theme.
    static func decode(_ data: Data, path: String) throws -> [Theme] {
        let entries: [ThemeEntry]
        do {
            // The first character says which form the file takes, so errors speak of the right one.
            if data.first(where: { !Set(" \t\r\n".utf8).contains($0) }) == UInt8(ascii: "{") {
                entries = try JSONDecoder().decode(ThemeFile.self, from: data).themes
            } else {
                entries = try JSONDecoder().decode([ThemeEntry].self, from: data)
            }
        } catch {
            throw MessageError.badData(
                "themes file \(path) is not a list of themes (\(Self.reason(error))); see docs/Memorize.md for the format")
        }
        var seen: Set<String> = []
        return try entries.enumerated().map { position, entry in
            let label = entry.name.isEmpty ? "theme #\(position + 1)" : "theme '\(entry.name)'"
            do {
                let color = try ThemeColor(parsing: entry.color ?? "gray")
                let distinct = Set(entry.emoji).count
                let theme = try Theme(name: entry.name, contents: entry.emoji, pairs: entry.pairs ?? min(distinct, 8), color: color)
                guard seen.insert(theme.name.lowercased()).inserted else {
                    throw MessageError.validation("\(label) appears twice; give each theme its own name")
                }
                return theme
            } catch let error as MessageError {
                // The entity's message already names the theme; add the file, and the theme when it did not.
                let message = error.message.contains("'\(entry.name)'") && !entry.name.isEmpty ? error.message : "\(label): \(error.message)"
                throw MessageError.badData("themes file \(path): \(message)")
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\"\(where: context)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.debugDescription)\(where: context)"
        case DecodingError.dataCorrupted(let context):
            return "not valid JSON\(where: context)"
        default:
            return "\(error)"
        }
    }
}

private extension DefaultStringInterpolation {
    /// ` at themes[2].emoji` for a decoding context with a path.
    mutating func appendInterpolation(where context: DecodingError.Context) {
        let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        appendLiteral(path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)")
    }
}

/// The file's outer object.
private struct ThemeFile: Decodable {
    let themes: [ThemeEntry]
}

/// One theme as written in the file.
private struct ThemeEntry: Decodable {
    let name: String
    let emoji: [String]
    let pairs: Int?
    let color: String?
}
