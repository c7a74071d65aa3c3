import Foundation

/// What `strata new` wrote for one feature, kept at `Modules/<Name>/.strata-generated.json` for a
/// `Feature(…)` entry, else at `.strata/generated/<Name>.json`.
///
/// `strata remove` trusts only this record: it deletes the files listed (when their SHA-256
/// still matches), the folders `new` created (when empty), and undoes the manifest line or the
/// recorded edits. The file sits inside no target, so it never reaches a build.
public struct GenerationRecord: Codable, Sendable, Equatable {
    /// One generated file and the hash of what was written.
    public struct File: Codable, Sendable, Equatable {
        /// The path relative to the package root.
        public var path: String
        /// SHA-256 of the template's rendering, in hexadecimal.
        public var sha256: String
        /// The template's rendering as text: the base `strata upgrade` merges from (`nil` in older records and for bytes that are not UTF-8).
        public var base: String?

        /// Records `contents` as the template rendered them at `path`.
        public init(path: String, rendering contents: Data) {
            self.path = path
            sha256 = SHA256.hex(contents)
            base = String(data: contents, encoding: .utf8)
        }
    }

    /// The format of this record; bumped on incompatible changes.
    public var formatVersion = 1
    /// The feature's name.
    public var feature: String
    /// The app's kebab-case name.
    public var app: String
    /// The template set used.
    public var template: String
    /// The set's version when the files were rendered (`TemplateSet.version`); `nil` in older records.
    public var templateVersion: String?
    /// Where the set came from: `built in` or its folder.
    public var templateOrigin: String?
    /// The exact line added to Package.swift's `Feature(…)` list, when the set adds one.
    public var manifestLine: String?
    /// The other edits: targets added to Package.swift, layers added to strata.yml.
    public var edits: [TextEdit]?
    /// The targets the entry declares.
    public var targets: [String]
    /// The `targets:` entries the set added, as rendered: the base of upgrading them.
    public var modules: [String]?
    /// The files written, in order.
    public var files: [File]
    /// The folders `new` created, shallowest first.
    public var directories: [String]

    /// Where a feature's record lives, relative to the package root.
    public static func path(for feature: String, featureList: Bool) -> String {
        featureList ? "Modules/\(feature)/.strata-generated.json" : "\(folder)/\(feature).json"
    }

    /// Where records of features outside a `Feature(…)` list live.
    public static let folder = ".strata/generated"

    /// The record as pretty JSON with sorted keys and a final newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Reads a record.
    ///
    /// - Throws: `StrataError.badData` naming the file when it is not a record.
    public static func decode(_ data: Data, path: String) throws -> GenerationRecord {
        do {
            return try JSONDecoder().decode(GenerationRecord.self, from: data)
        } catch {
            throw StrataError.badData("\(path) is not a strata record (\(error)); restore it from version control")
        }
    }
}
