import SwiftParser
import SwiftSyntax

/// Reads a declarative Package.swift from its syntax, without compiling or running it.
///
/// SwiftPM evaluates a manifest by compiling it against PackageDescription and running it:
/// 0.15 s with its own cache warm, 0.5 s after an edit. Most manifests are declarations, though:
/// one `Package(...)` of literal targets, perhaps with constants and `package.targets += [...]`.
/// This reader takes those from the syntax tree and gives, for the fields the checker uses
/// (names, kinds, paths, exclude, sources, dependencies), exactly what `dump-package` prints.
///
/// It never guesses. Code that runs needs a body or a directive: closures, functions, types,
/// loops, conditions and computed properties all have braces, `#if` and macros a `#`, and an
/// inout argument a `&`. A manifest with any of those outside comments and strings, or with a
/// second `Package(`, is left to SwiftPM (`Unsupported`) before it is even parsed. In the rest,
/// where a target's fields would need a call the reader does not know (string interpolation,
/// an environment read, `.map`), it gives up too. Arguments the checker does not read
/// (settings, resources, products, platforms) are not evaluated, so they may hold any such call.
enum DeclarativeManifest {
    /// Why the manifest needs SwiftPM, and where.
    struct Unsupported: Error, Equatable, CustomStringConvertible {
        var reason: String
        var line: Int

        var description: String { "Package.swift:\(line) \(reason)" }
    }

    /// The manifest's package, read from `source` (the text of Package.swift).
    static func read(_ source: String) throws(Unsupported) -> Manifest {
        guard source.hasPrefix("// swift-tools-version:") || source.hasPrefix("// swift-tools-version ") else {
            throw Unsupported(reason: "does not start with a swift-tools-version comment", line: 1)
        }
        let lines = SourceLines(source)
        try CodeThatRuns.find(in: lines)
        let tree = Parser.parse(source: source)
        if tree.hasError { throw Unsupported(reason: "does not parse", line: 1) }
        var evaluator = ManifestEvaluator(lines: lines)
        for statement in tree.statements {
            try evaluator.run(statement)
        }
        return try evaluator.package()
    }
}

/// Line numbers of syntax nodes, counted only for the few a message names.
///
/// (SwiftSyntax's `SourceLocationConverter` computes every line of the file up front, which
/// costs more than the rest of a declarative read on a large manifest.)
struct SourceLines {
    let bytes: [UInt8]

    init(_ source: String) { bytes = Array(source.utf8) }

    /// The 1-based line of the byte at `offset`.
    func line(at offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// The 1-based line where `node` starts, after its leading comments and blank lines.
    func line(of node: some SyntaxProtocol) -> Int {
        line(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}

/// Finds, outside comments and string literals, the characters code that runs cannot do without.
enum CodeThatRuns {
    static func find(in lines: SourceLines) throws(DeclarativeManifest.Unsupported) {
        let bytes = lines.bytes
        var index = 0
        var packages = 0
        func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
        func giveUp(_ reason: String) -> DeclarativeManifest.Unsupported {
            .init(reason: reason, line: lines.line(at: index))
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                index = skipBlockComment(bytes, from: index)
            case UInt8(ascii: "\""):
                guard let end = skipString(bytes, from: index) else { throw giveUp("interpolates a string") }
                index = end
            case UInt8(ascii: "{"): throw giveUp("has code that runs (a closure, function, type or statement with a body)")
            case UInt8(ascii: "#"): throw giveUp("has #if, a macro or a raw string")
            case UInt8(ascii: "&"): throw giveUp("uses &")
            case UInt8(ascii: "P") where isPackageCall(bytes, at: index):
                packages += 1
                if packages > 1 { throw giveUp("creates more than one Package") }
                index += 1
            default:
                index += 1
            }
        }
    }

    /// Past a `/* … */` comment, which nests.
    static func skipBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 2
        var depth = 1
        while index < bytes.count, depth > 0 {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }

    /// Past a `"…"` or `\"\"\"…\"\"\"` literal; nil at an interpolation, whose code (and quotes) would
    /// need Swift's whole lexer to skip safely.
    static func skipString(_ bytes: [UInt8], from start: Int) -> Int? {
        let quote = UInt8(ascii: "\"")
        let multiline = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (multiline ? 3 : 1)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") { return nil }
                index += 2
            } else if bytes[index] == quote {
                if !multiline { return index + 1 }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
                index += 1
            } else if !multiline, bytes[index] == UInt8(ascii: "\n") {
                return index
            } else {
                index += 1
            }
        }
        return index
    }

    /// Whether `Package` starts at `index` as a name and is called: `Package(`.
    static func isPackageCall(_ bytes: [UInt8], at index: Int) -> Bool {
        let name = Array("Package".utf8)
        guard index + name.count <= bytes.count, Array(bytes[index..<index + name.count]) == name else { return false }
        func isNamePart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte >= 0x80
        }
        if index > 0, isNamePart(bytes[index - 1]) { return false }
        var next = index + name.count
        while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: "(")
    }
}
