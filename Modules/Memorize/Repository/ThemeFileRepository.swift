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
    /// - Throws: `MemorizeError.themesFileMissing`, `.themesFileUnreadable`, `.themesFileNotThemes`
    ///   or `.badTheme`, each with the file's path.
    public init(url: URL, builtIns: [Theme] = BuiltInThemes.all) throws {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw MemorizeError.themesFileMissing(path: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw MemorizeError.themesFileUnreadable(path: path, reason: error.localizedDescription)
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

    /// The themes in `data`, validated; errors carry `path` and the theme's place.
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
            throw MemorizeError.themesFileNotThemes(path: path, defect: Self.defect(error))
        }
        var seen: Set<String> = []
        return try entries.enumerated().map { position, entry in
            do {
                let color = try ThemeColor(parsing: entry.color ?? "gray")
                let distinct = Set(entry.emoji).count
                let theme = try Theme(
                    name: entry.name, contents: entry.emoji, pairs: entry.pairs ?? min(distinct, 8), color: color)
                guard seen.insert(theme.name.lowercased()).inserted else {
                    throw MemorizeError.duplicateTheme(theme.name)
                }
                return theme
            } catch let error as MemorizeError {
                throw MemorizeError.badTheme(path: path, position: position + 1, name: entry.name, problem: error)
            }
        }
    }

    private static func defect(_ error: any Error) -> ThemeFileDefect {
        switch error {
        case DecodingError.keyNotFound(let key, let context): .missingField(key.stringValue, at: location(context))
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            .wrongType(at: location(context))
        default: .notJSON
        }
    }

    /// `themes[2].emoji` for a decoding context's path; empty at the top.
    private static func location(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return path.hasPrefix(".") ? String(path.dropFirst()) : path
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
