import AppSupport
import Core
import Foundation
import Stencil

/// A set of feature templates: `template.json` describing it and a `files/` tree to render.
///
/// Every file under `files/` becomes one generated file. Its path may hold the placeholders
/// `__name__`, `__app__`, `__variable__` and `__snake__`; a file ending in `.stencil` is
/// rendered with Stencil (and loses the suffix), any other file is copied as it is. The
/// templates are read at run time, so a team edits them without rebuilding the tool.
public struct TemplateSet: Sendable {
    /// What `template.json` holds.
    public struct Description: Codable, Sendable, Equatable {
        /// The set's name, such as `Feature`.
        public var name: String
        /// One line on what the set makes.
        public var summary: String
        /// The feature's line in Package.swift's `features` list, a Stencil template.
        public var manifestEntry: String
        /// Commands to suggest after generating, Stencil templates.
        public var nextSteps: [String]
        /// The targets the entry declares, Stencil templates; SwiftPM must list each after the edit.
        /// Defaults to what a `Feature(...)` entry declares.
        public var targets: [String]
        /// The executable product the entry declares, a Stencil template; defaults to `{{ app }}`.
        public var product: String

        /// What a `Feature(...)` entry declares: five layers, the app, and a test target for each.
        public static let featureTargets = ["Entity", "Repository", "UseCase", "Presenter", "Factory", "App"]
            .flatMap { ["{{ name }}\($0)", "{{ name }}\($0)Tests"] }

        private enum CodingKeys: String, CodingKey {
            case name, summary, manifestEntry, nextSteps, targets, product
        }

        /// Decodes a description; `targets` and `product` may be left out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            summary = try container.decode(String.self, forKey: .summary)
            manifestEntry = try container.decode(String.self, forKey: .manifestEntry)
            nextSteps = try container.decodeIfPresent([String].self, forKey: .nextSteps) ?? []
            targets = try container.decodeIfPresent([String].self, forKey: .targets) ?? Self.featureTargets
            product = try container.decodeIfPresent(String.self, forKey: .product) ?? "{{ app }}"
        }
    }

    /// The set's folder.
    public let directory: URL
    /// What the set says about itself.
    public let description: Description
    /// The template files, relative to `files/`, sorted.
    public let files: [String]

    /// Where the built-in set lives, relative to the package root.
    public static let builtInPath = "Tools/Templates/Feature"
    /// The folder under the package root whose sub-folders are template sets.
    public static let setsPath = "Tools/Templates"
    /// The file describing a set.
    public static let descriptionFile = "template.json"

    /// Loads the set in `directory`.
    ///
    /// - Throws: `MessageError.notFound` when there is no set there, `.badData` when `template.json` cannot be read.
    public init(directory: URL) throws {
        let describing = directory.appendingPathComponent(Self.descriptionFile)
        guard let data = FileManager.default.contents(atPath: describing.path) else {
            throw MessageError.notFound(
                "no template set at \(directory.path) (it needs \(Self.descriptionFile) and files/); run `strata templates` to list the sets"
            )
        }
        do {
            description = try JSONDecoder().decode(Description.self, from: data)
        } catch {
            throw MessageError.badData(
                "cannot read \(describing.path): \(error); it needs name, summary and manifestEntry (and may give nextSteps, targets, product)"
            )
        }
        self.directory = directory
        files = try Self.listFiles(in: directory.appendingPathComponent("files"))
    }

    /// Every set under `<root>/Tools/Templates`, the built-in one first.
    public static func discover(root: URL) -> [TemplateSet] {
        let folder = root.appendingPathComponent(setsPath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted()
            .compactMap { try? TemplateSet(directory: folder.appendingPathComponent($0)) }
            .sorted {
                ($0.description.name == "Feature" ? 0 : 1, $0.description.name) < (
                    $1.description.name == "Feature" ? 0 : 1, $1.description.name
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

    /// Renders every file and the manifest entry for `name`.
    ///
    /// - Throws: `MessageError.badData` naming the template that fails to render or uses an unknown variable.
    public func render(_ name: FeatureName) throws -> RenderedFeature {
        let context = Self.context(name)
        let environment = Environment()
        func render(_ text: String, in file: String) throws -> String {
            if let unknown = Self.unknownVariables(in: text, known: Set(context.keys)).first {
                throw MessageError.badData(
                    "template \(file) uses '\(unknown)', which is not a template variable (\(context.keys.sorted().joined(separator: ", ")))"
                )
            }
            do {
                return try environment.renderTemplate(string: text, context: context)
            } catch {
                throw MessageError.badData("template \(file) does not render: \(error); fix the template")
            }
        }
        var rendered: [RenderedFile] = []
        for file in files {
            let url = directory.appendingPathComponent("files").appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw MessageError.storage("cannot read the template \(url.path); check its permissions")
            }
            let output = Self.outputPath(for: file, name: name)
            if file.hasSuffix(".stencil") {
                rendered.append(
                    RenderedFile(
                        path: output, contents: Data(try render(String(decoding: data, as: UTF8.self), in: file).utf8)))
            } else {
                rendered.append(RenderedFile(path: output, contents: data))
            }
        }
        return RenderedFeature(
            files: rendered,
            manifestEntry: try render(description.manifestEntry, in: Self.descriptionFile),
            nextSteps: try description.nextSteps.map { try render($0, in: Self.descriptionFile) },
            targets: try description.targets.map { try render($0, in: Self.descriptionFile) },
            product: try render(description.product, in: Self.descriptionFile))
    }

    /// The variables a template sees.
    public static func context(_ name: FeatureName) -> [String: String] {
        [
            "name": name.name, "app": name.kebabCase, "variable": name.camelCase, "snake": name.snakeCase,
            "title": name.title,
        ]
    }

    private static func placeholders(_ name: FeatureName) -> [(String, String)] {
        context(name).sorted { $0.key < $1.key }.map { ("__\($0.key)__", $0.value) }
    }

    /// The first identifier of each `{{ … }}` that is neither a variable nor a `for` loop's own.
    static func unknownVariables(in text: String, known: Set<String>) -> [String] {
        let loopVariables = matches(of: #"\{%-?\s*for\s+([A-Za-z_][A-Za-z0-9_]*)"#, in: text)
        let used = matches(of: #"\{\{-?\s*([A-Za-z_][A-Za-z0-9_]*)"#, in: text)
        return used.filter { !known.contains($0) && !loopVariables.contains($0) && $0 != "forloop" }
    }

    private static func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func listFiles(in folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
            throw MessageError.notFound(
                "the template set has no files/ folder at \(folder.path); add the templates there")
        }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }
}

/// One file a template set produced, with its path relative to the package root.
public struct RenderedFile: Sendable, Equatable {
    /// The path relative to the package root.
    public let path: String
    /// The bytes to write.
    public let contents: Data
}

/// Everything a template set produced for one feature.
public struct RenderedFeature: Sendable, Equatable {
    /// The files, in template order.
    public internal(set) var files: [RenderedFile]
    /// The feature's line in Package.swift (without indentation or trailing comma).
    public let manifestEntry: String
    /// Commands to suggest after generating.
    public let nextSteps: [String]
    /// The targets the manifest entry declares.
    public let targets: [String]
    /// The executable product the manifest entry declares.
    public let product: String
}
