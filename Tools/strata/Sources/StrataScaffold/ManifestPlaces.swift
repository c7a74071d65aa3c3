import SwiftSyntax

/// Where Package.swift writes a target out, for an editor to show the target's findings there.
///
/// The manifest is parsed once; each place is then looked up in the tree.
public struct ManifestPlaces {
    /// A span of one line: 1-based line and UTF-8 columns, `endColumn` exclusive.
    public struct Place: Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var endColumn: Int
    }

    /// The manifest's text, as parsed.
    public let text: String
    private let syntax: ManifestSyntax

    /// Parses `manifest`, the text of Package.swift.
    public init(_ manifest: String) {
        text = manifest
        syntax = ManifestSyntax(manifest)
    }

    /// The `dependency` entry of `target`'s `dependencies:` when given and written out, else the
    /// target's `name:` string; nil when code builds the target (or there is no such target).
    public func place(ofTarget target: String, dependency: String?) -> Place? {
        guard let call = try? syntax.targetCall(named: target) else { return nil }
        if let dependency, let array = try? syntax.dependencies(of: call, target: target),
            let element = array.elements.first(where: { ManifestEditor.names($0.expression) == dependency })
        {
            return Self.place(of: element.expression, in: syntax)
        }
        guard let name = call.arguments.first(where: { $0.label?.text == "name" }) else { return nil }
        return Self.place(of: name.expression, in: syntax)
    }

    private static func place(of node: some SyntaxProtocol, in syntax: ManifestSyntax) -> Place {
        let start = ManifestSyntax.start(node)
        let lineStart = syntax.lineStart(start)
        let line = syntax.bytes[..<start].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        // A span that runs past its line stops at the line's end.
        let end = min(ManifestSyntax.end(node), syntax.lineBreak(after: start))
        return Place(line: line, column: start - lineStart + 1, endColumn: end - lineStart + 1)
    }
}
