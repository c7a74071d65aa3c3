import Foundation
import Stencil

extension TemplateSet {
    /// Renders every file, the manifest entry or modules, and the next steps for `name`.
    ///
    /// - Throws: `StrataError.badData` naming the template, line and column that fail to render
    ///   or use an unknown variable.
    public func render(_ name: FeatureName) throws -> RenderedFeature {
        let renderer = Renderer(context: Self.context(name), origin: origin)
        var rendered: [RenderedFile] = []
        for file in files {
            let data = contents[file] ?? Data()
            let output = Self.outputPath(for: file, name: name)
            if file.hasSuffix(".stencil") {
                let text = try renderer.render(String(decoding: data, as: UTF8.self), in: "files/\(file)")
                rendered.append(RenderedFile(path: output, contents: Data(text.utf8)))
            } else {
                rendered.append(RenderedFile(path: output, contents: data))
            }
        }
        let describing = Self.descriptionFile
        let modules = try description.modules.map { module in
            let moduleName = try renderer.render(module.name, in: describing)
            return RenderedModule(
                name: moduleName, kind: module.kind,
                dependencies: try module.dependencies.map { try renderer.render($0, in: describing) },
                path: module.path(named: moduleName))
        }
        return RenderedFeature(
            files: rendered,
            manifestEntry: try description.manifestEntry.map { try renderer.render($0, in: describing) },
            modules: modules,
            nextSteps: try description.nextSteps.map { try renderer.render($0, in: describing) },
            targets: try description.targets.map { try renderer.render($0, in: describing) },
            product: try description.product.map { try renderer.render($0, in: describing) })
    }

    /// The first identifier of each `{{ … }}` that is neither a variable nor a `for` loop's own.
    static func unknownVariables(in text: String, known: Set<String>) -> [String] {
        unknownUses(in: text, known: known).map(\.name)
    }

    /// Each `{{ … }}` whose first identifier is neither a variable nor a `for` loop's own, with where it starts.
    static func unknownUses(in text: String, known: Set<String>) -> [(name: String, line: Int, column: Int)] {
        let loopVariables = Set(matches(of: #"\{%-?\s*for\s+([A-Za-z_][A-Za-z0-9_]*)"#, in: text).map(\.name))
        return matches(of: #"\{\{-?\s*([A-Za-z_][A-Za-z0-9_]*)"#, in: text).filter {
            !known.contains($0.name) && !loopVariables.contains($0.name) && $0.name != "forloop"
        }
    }

    /// Each match's first group and the line and column where the match starts.
    static func matches(of pattern: String, in text: String) -> [(name: String, line: Int, column: Int)] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            guard let group = Range(match.range(at: 1), in: text), let start = Range(match.range, in: text) else {
                return nil
            }
            let before = text[..<start.lowerBound]
            let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let column =
                before.distance(
                    from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex, to: before.endIndex
                ) + 1
            return (String(text[group]), line, column)
        }
    }
}

/// Renders one template text with Stencil, reporting failures at their line and column.
private struct Renderer {
    let context: [String: String]
    let origin: TemplateSet.Origin
    let environment = Environment()

    func render(_ text: String, in file: String) throws -> String {
        let location = origin == .builtIn ? "the built-in template \(file)" : "\(origin)/\(file)"
        if let unknown = TemplateSet.unknownUses(in: text, known: Set(context.keys)).first {
            throw StrataError.badData(
                "\(location):\(unknown.line):\(unknown.column): '\(unknown.name)' is not a template variable (\(context.keys.sorted().joined(separator: ", "))); fix the template"
            )
        }
        do {
            return try environment.renderTemplate(string: text, context: context)
        } catch let error as TemplateSyntaxError {
            let position =
                error.token.map { ":\($0.sourceMap.location.lineNumber):\($0.sourceMap.location.lineOffset + 1)" } ?? ""
            throw StrataError.badData("\(location)\(position): \(error.reason); fix the template")
        } catch {
            throw StrataError.badData("\(location) does not render: \(error); fix the template")
        }
    }
}

/// One file a template set produced, with its path relative to the package root.
public struct RenderedFile: Sendable, Equatable {
    /// The path relative to the package root.
    public let path: String
    /// The bytes to write.
    public let contents: Data

    /// Whether the file is a script (it starts with `#!`), written executable.
    public var isScript: Bool { contents.starts(with: Array("#!".utf8)) }
}

/// A target a template set adds to the manifest's `targets:` array.
public struct RenderedModule: Sendable, Equatable {
    /// The target's name.
    public let name: String
    /// Its kind.
    public let kind: TemplateDescription.Module.Kind
    /// The targets it depends on.
    public let dependencies: [String]
    /// Its folder, relative to the package root.
    public let path: String

    /// The entry in Package.swift's `targets:` array, as `swift package add-target` writes one.
    public var manifestEntry: String {
        let dependencies = self.dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
        return ".\(kind.rawValue)(name: \"\(name)\", dependencies: [\(dependencies)], path: \"\(path)\")"
    }
}

/// Everything a template set produced for one feature.
public struct RenderedFeature: Sendable, Equatable {
    /// The files, in template order.
    public internal(set) var files: [RenderedFile]
    /// The feature's line in Package.swift's `Feature(…)` list (without indentation or trailing comma).
    public let manifestEntry: String?
    /// The targets to add to the `targets:` array instead.
    public let modules: [RenderedModule]
    /// Commands to suggest after generating.
    public let nextSteps: [String]
    /// The targets the manifest must list afterwards.
    public let targets: [String]
    /// The executable product the manifest must list afterwards, if any.
    public let product: String?
}
