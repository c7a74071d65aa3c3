import Foundation

/// The paths a generation record may name: the files its template set renders for the feature,
/// and everything inside the folders the feature owns. For a set that adds a `Feature(…)` entry or
/// targets, those are the first two levels of each rendered path (`Modules/Notes`, `Apps/notes`,
/// `Tests/NotesEntityTests`), and, for what an older version of the set made, any folder beside
/// them named for the feature (`Sources/NotesLegacy`): that name comes from the feature's, which
/// the record's own path fixes, so no edit of the record can widen it.
///
/// `upgrade` deletes and `remove` deletes what a record lists, so a record edited to name
/// `Makefile` or `../elsewhere` with its real hash must be refused, never followed.
struct RecordScope {
    /// The feature and the set, for messages.
    let feature: String
    let template: String
    /// Paths the set renders for the feature.
    let files: Set<String>
    /// Folders the feature owns, sorted.
    let folders: [String]
    /// The folders those are in (`Modules`, `Apps`, `Tests`, `Sources`).
    private let parents: Set<String>
    /// The app's name, which a folder of the feature's may have.
    private let app: String

    /// The scope of `rendered`, feature `feature`'s rendering by the set `template`.
    init(_ rendered: RenderedFeature, feature: FeatureName, template: String) {
        self.feature = feature.name
        self.template = template
        app = feature.kebabCase
        files = Set(rendered.files.map(\.path))
        let ownsFolders = rendered.manifestEntry != nil || !rendered.modules.isEmpty
        folders =
            ownsFolders
            ? Set(
                rendered.files.map { $0.path.split(separator: "/") }.filter { $0.count > 2 }
                    .map { $0.prefix(2).joined(separator: "/") }
            ).sorted() : []
        parents = Set(folders.compactMap { $0.split(separator: "/").first.map(String.init) })
    }

    /// Whether a record may list the file `path`.
    func allows(_ path: String) -> Bool {
        Self.isPlain(path)
            && (files.contains(path) || folders.contains { path.hasPrefix($0 + "/") } || isNamedForTheFeature(path))
    }

    /// Whether `path` lies inside a folder beside the owned ones whose name is the app's or starts with the feature's.
    private func isNamedForTheFeature(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count > 2, parents.contains(parts[0]) else { return false }
        return parts[1] == app || parts[1].hasPrefix(feature)
    }

    /// Whether a record may list the folder `path` (one `new` created): an owned folder, one inside
    /// it, or one on the way to a file or folder of the feature or to the record itself.
    func allowsFolder(_ path: String, recordPath: String) -> Bool {
        Self.isPlain(path)
            && (folders.contains(path) || allows(path) || isNamedForTheFeature(path + "/-")
                || (files.union(folders).union([recordPath])).contains { $0.hasPrefix(path + "/") })
    }

    /// Checks every path `record` names.
    ///
    /// - Throws: `StrataError.badData` as `RECORD:LINE: …` for the first path outside the scope.
    func check(_ record: GenerationRecord, data: Data, recordPath: String) throws {
        let text = String(decoding: data, as: UTF8.self)
        guard [true, false].map({ GenerationRecord.path(for: record.feature, featureList: $0) }).contains(recordPath)
        else {
            throw StrataError.badData(
                "\(recordPath):\(Self.line(of: record.feature, in: text)): the record is for feature \(record.feature), and a record of \(record.feature) lives at \(GenerationRecord.path(for: record.feature, featureList: true)) or \(GenerationRecord.path(for: record.feature, featureList: false)); restore it from version control"
            )
        }
        for file in record.files where !allows(file.path) {
            throw refusal(file.path, kind: "a file", in: text, recordPath: recordPath)
        }
        for folder in record.directories where !allowsFolder(folder, recordPath: recordPath) {
            throw refusal(folder, kind: "a folder", in: text, recordPath: recordPath)
        }
        for edit in record.edits ?? [] where !["Package.swift", "strata.yml"].contains(edit.file) {
            throw refusal(edit.file, kind: "an edited file", in: text, recordPath: recordPath)
        }
    }

    private func refusal(_ path: String, kind: String, in text: String, recordPath: String) -> StrataError {
        let place =
            folders.isEmpty
            ? "the files it renders" : "inside \(Scaffolder.list(folders)) and folders named for \(feature) beside them"
        let shown =
            path.unicodeScalars.contains { $0.properties.generalCategory == .control } ? path.debugDescription : path
        return StrataError.badData(
            "\(recordPath):\(Self.line(of: path, in: text)): the record names \(kind) \(shown), which the \(template) template does not make for \(feature) (it writes only \(place)); strata will not touch it: restore the record from version control"
        )
    }

    /// Checks that every path `record` names is a plain path inside the package: all that can be
    /// checked when its template set is not available.
    ///
    /// - Throws: `StrataError.badData` as `RECORD:LINE: …` for the first that is not.
    static func checkPlain(_ record: GenerationRecord, data: Data, recordPath: String) throws {
        let text = String(decoding: data, as: UTF8.self)
        let paths = record.files.map(\.path) + record.directories + (record.edits ?? []).map(\.file)
        if let path = paths.first(where: { !isPlain($0) }) {
            throw StrataError.badData(
                "\(recordPath):\(line(of: path, in: text)): the record names \(path.debugDescription), which is not a path inside the package (it is absolute or has an empty, `.` or `..` part); strata will not touch it: restore the record from version control"
            )
        }
    }

    /// The 1-based line of the record's text where `path` is written as a JSON string; 1 when it cannot be found.
    static func line(of path: String, in text: String) -> Int {
        let encoded = (try? JSONEncoder().encode(path)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\(path)\""
        let variants = [encoded, encoded.replacingOccurrences(of: "\\/", with: "/"), "\"\(path)\""]
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { line in variants.contains { line.contains($0) } } ?? 0) + 1
    }

    /// Whether `path` is relative, with no empty, `.` or `..` part.
    static func isPlain(_ path: String) -> Bool {
        !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0 == "." || $0 == ".."
            }
    }
}
