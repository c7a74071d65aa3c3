import Foundation

/// A set of templates: `template.json` describing it and a `files/` tree to render.
///
/// Every file under `files/` becomes one generated file. Its path may hold the placeholders
/// `__name__`, `__app__`, `__variable__`, `__snake__` and `__dot__` (a leading "."); a file
/// ending in `.stencil` is rendered with Stencil (and loses the suffix), any other file is
/// copied as it is. The built-in sets are compiled into strata; a package's own sets live in
/// `.strata/templates/<set>/` and replace a built-in set of the same name.
public struct TemplateSet: Sendable {
    /// Where a set was found.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        /// Compiled into strata.
        case builtIn
        /// A folder, named as the user would read it (`.strata/templates/Screen`).
        case folder(String)

        public var description: String {
            switch self {
            case .builtIn: "built in"
            case .folder(let path): path
            }
        }
    }

    /// What the set says about itself.
    public let description: TemplateDescription
    /// Where it was found.
    public let origin: Origin
    /// The template files, relative to `files/`, with their bytes.
    let contents: [String: Data]
    /// `template.json` as written.
    let descriptionData: Data

    /// The template files, relative to `files/`, sorted.
    public var files: [String] { contents.keys.sorted() }

    /// The file describing a set.
    public static let descriptionFile = "template.json"
    /// Where a package keeps its own sets, relative to its root.
    public static let packageSetsPath = ".strata/templates"

    /// A set from its description's bytes and its files.
    ///
    /// - Throws: `StrataError.badData` when `template.json` cannot be read.
    init(descriptionData: Data, contents: [String: Data], origin: Origin) throws {
        do {
            description = try JSONDecoder().decode(TemplateDescription.self, from: descriptionData)
        } catch {
            throw StrataError.badData(
                "\(origin == .builtIn ? "the built-in " : "")\(origin)/\(Self.descriptionFile) cannot be read: \(Self.reason(error)); it needs name and summary (see `strata templates`)"
            )
        }
        self.contents = contents
        self.descriptionData = descriptionData
        self.origin = origin
    }

    /// The built-in set named `name` (`Feature`, `Layers`, `Workspace`).
    public static func builtIn(_ name: String) -> TemplateSet? { BuiltInTemplates.set(named: name) }

    /// Writes the set as a folder (`template.json` and `files/`) at `directory`, which must not exist.
    ///
    /// - Throws: `StrataError.conflict` when something is there, `.storage` when writing fails.
    public func write(to directory: URL) throws {
        guard !PackageRoot.exists(directory) else {
            throw StrataError.conflict("\(directory.path) exists already; remove it or copy the set elsewhere")
        }
        // Through the one writer: new files only, never through a link, and nothing left on failure.
        let transaction = FileTransaction(userFilesIn: URL(fileURLWithPath: "/"))
        let entries = [(Self.descriptionFile, descriptionData)] + files.map { ("files/\($0)", contents[$0] ?? Data()) }
        do {
            for (path, data) in entries {
                let url = directory.appendingPathComponent(path)
                try transaction.createParentDirectories(of: url)
                try transaction.createFile(url, contents: data)
            }
        } catch {
            transaction.rollback()
            let message = StrataError.wrap(error, as: .storage).message
            throw StrataError.storage("cannot write the template set to \(directory.path): \(message)")
        }
    }

    /// Loads the set in `directory`, naming it `shownAs` in messages.
    ///
    /// - Throws: `StrataError.notFound` when the folder does not exist, `.badData` when it has no
    ///   readable `template.json` or no `files/`.
    public init(directory: URL, shownAs: String? = nil) throws {
        let shown = shownAs ?? directory.path
        guard PackageRoot.isDirectory(directory) else {
            throw StrataError.notFound("no template set at \(shown); run `strata templates` to list the sets")
        }
        let describing = directory.appendingPathComponent(Self.descriptionFile)
        guard let data = FileManager.default.contents(atPath: describing.path) else {
            throw StrataError.badData(
                "\(shown)/\(Self.descriptionFile): no such file; a template set needs template.json (name, summary) and files/"
            )
        }
        try self.init(
            descriptionData: data, contents: try Self.readFiles(in: directory, shownAs: shown), origin: .folder(shown))
    }

    /// The sets a package can use: the built-in ones, replaced or joined by the package's own.
    ///
    /// - Throws: `StrataError.badData` for a broken set of the package's, so it is never skipped silently.
    public static func available(in root: URL) throws -> [TemplateSet] {
        let builtIn = BuiltInTemplates.sets.filter { $0.description.name != BuiltInTemplates.workspace }
        var sets = Dictionary(builtIn.map { ($0.description.name, $0) }) { first, _ in first }
        let folder = root.appendingPathComponent(packageSetsPath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where PackageRoot.isDirectory(folder.appendingPathComponent(name)) {
            let set = try TemplateSet(
                directory: folder.appendingPathComponent(name), shownAs: "\(packageSetsPath)/\(name)")
            sets[set.description.name] = set
        }
        // The built-in feature sets first, then the rest by name.
        let order = ["Feature": 0, "Layers": 1]
        return sets.values.sorted {
            (order[$0.description.name] ?? 2, $0.description.name) < (
                order[$1.description.name] ?? 2, $1.description.name
            )
        }
    }

    /// The path a template file produces for `name` (placeholders replaced, `.stencil` dropped).
    public static func outputPath(for template: String, name: FeatureName) -> String {
        var path = template
        for (placeholder, value) in placeholders(name) {
            path = path.replacingOccurrences(of: placeholder, with: value)
        }
        return path.hasSuffix(".stencil") ? String(path.dropLast(".stencil".count)) : path
    }

    /// The variables a template sees.
    public static func context(_ name: FeatureName) -> [String: String] {
        [
            "name": name.name, "app": name.kebabCase, "variable": name.camelCase, "snake": name.snakeCase,
            "title": name.title,
        ]
    }

    private static func placeholders(_ name: FeatureName) -> [(String, String)] {
        context(name).sorted { $0.key < $1.key }.map { ("__\($0.key)__", $0.value) } + [("__dot__", ".")]
    }

    private static func readFiles(in directory: URL, shownAs shown: String) throws -> [String: Data] {
        let folder = directory.appendingPathComponent("files")
        guard PackageRoot.isDirectory(folder), let walker = FileManager.default.enumerator(atPath: folder.path) else {
            throw StrataError.badData("\(shown)/files: no such folder; put the set's templates there")
        }
        var contents: [String: Data] = [:]
        while let path = walker.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            guard !PackageRoot.isDirectory(url) else { continue }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw StrataError.storage("cannot read \(shown)/files/\(path); check its permissions")
            }
            contents[path] = data
        }
        return contents
    }

    /// A decoding error's reason without Foundation's nesting.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "it is not JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
                : "'\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
