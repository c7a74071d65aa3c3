import SwiftParser
import SwiftSyntax

/// Reads a Swift source file with swift-syntax, in one parse and one walk, for every check:
/// imports, `#externalMacro` modules, declarations, string literals and the declaration rules' facts.
///
/// Only the `#if` clauses some build of `builds` compiles are read (`ActiveClauseVisitor`).
public struct SwiftFileReader: Sendable {
    /// How much of a file a reader records.
    public enum Extent: String, Sendable {
        /// Imports and `#externalMacro` modules alone, for rules that read nothing else: the walk
        /// stays at the file's top level (`ImportVisitor`). Files whose strings are wanted are read whole.
        case imports
        /// Everything: declarations, the declaration rules' facts, string literals when asked.
        case everything
    }

    /// The builds whose code is read.
    public let builds: Builds
    /// The names `forbid: references` rules look for; other names are not recorded.
    public let watchedNames: Set<String>
    /// How much of each file is recorded.
    public let extent: Extent
    private let configurations: [PossibleBuild]
    private let answers = ActiveClauses()

    /// Creates a reader for `builds` that records uses of `watchedNames`, and `extent` of each file.
    public init(builds: Builds = Builds(), watchedNames: Set<String> = [], extent: Extent = .everything) {
        self.builds = builds
        self.watchedNames = watchedNames
        self.extent = extent
        configurations = builds.configurations
    }

    /// What a file given as text holds; string literals only when `strings`.
    public func read(_ source: String, strings: Bool = false) -> SourceFacts {
        var copy = source
        return copy.withUTF8 { read($0, strings: strings) }
    }

    /// What a file given as UTF-8 bytes holds; string literals only when `strings` (only targets
    /// a `forbidden_text` rule reads pay for them).
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, strings: Bool = false) -> SourceFacts {
        let tree = Parser.parse(source: bytes)
        let lines = LineTable(bytes)
        if extent == .imports, !strings {
            let visitor = ImportVisitor(lines: lines, builds: configurations, answers: answers)
            visitor.walk(tree)
            return SourceFacts(imports: visitor.found.imports, externalMacros: visitor.found.externalMacros)
        }
        let visitor = SourceVisitor(
            lines: lines, watchedNames: watchedNames, builds: configurations, answers: answers,
            bytes: strings ? bytes : nil)
        visitor.walk(tree)
        return SourceFacts(
            imports: visitor.found.imports, externalMacros: visitor.found.externalMacros,
            declarations: visitor.declarations, strings: visitor.strings, declarationFacts: visitor.facts)
    }
}

/// The walk behind `SwiftFileReader`: declarations as `DeclarationVisitor` reads them, and imports,
/// macro modules and string literals.
private final class SourceVisitor: DeclarationVisitor {
    /// The file's bytes when its string literals are collected, which are taken as written.
    let bytes: UnsafeBufferPointer<UInt8>?
    var found: ImportRecords
    var strings: [StringLiteral] = []

    init(
        lines: LineTable, watchedNames: Set<String>, builds: [PossibleBuild], answers: ActiveClauses,
        bytes: UnsafeBufferPointer<UInt8>?
    ) {
        self.bytes = bytes
        found = ImportRecords(lines: lines)
        super.init(lines: lines, watchedNames: watchedNames, builds: builds, answers: answers)
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        found.add(node, conditional: isConditional)
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        found.addExternalMacro(node.macroName, node.arguments, conditional: isConditional)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        found.addExternalMacro(node.macroName, node.arguments, conditional: isConditional)
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let bytes { strings.append(literal(node, in: bytes)) }
        return .visitChildren
    }

    /// The literal's content as written between its delimiters, each interpolation one U+FFFC.
    func literal(_ node: StringLiteralExprSyntax, in bytes: UnsafeBufferPointer<UInt8>) -> StringLiteral {
        let opening = position(node)
        var literal = StringLiteral(content: "", line: opening.line, column: opening.column, anchors: [])
        var content: [UInt8] = []
        // A string with no closing quote ends where its last segment does.
        let end =
            node.closingQuote.presence == .present
            ? node.closingQuote.positionAfterSkippingLeadingTrivia : node.segments.endPosition
        func run(from start: AbsolutePosition, to stop: AbsolutePosition) {
            let place = position(of: start)
            literal.anchors.append(.init(offset: content.count, line: place.line, column: place.column))
            let range = min(start.utf8Offset, bytes.count)..<min(max(start.utf8Offset, stop.utf8Offset), bytes.count)
            content.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        var start = node.openingQuote.endPositionBeforeTrailingTrivia
        for case .expressionSegment(let interpolation) in node.segments {
            run(from: start, to: interpolation.positionAfterSkippingLeadingTrivia)
            content.append(contentsOf: [0xEF, 0xBF, 0xBC])  // U+FFFC
            start = interpolation.endPositionBeforeTrailingTrivia
        }
        run(from: start, to: end)
        literal.content = String(decoding: content, as: UTF8.self)
        return literal
    }
}
