import SwiftSyntax

/// The imports and `#externalMacro` modules of a file, as both walks record them.
struct ImportRecords {
    let lines: LineTable
    var imports: [ImportStatement] = []
    var externalMacros: [ImportStatement] = []

    init(lines: LineTable) {
        self.lines = lines
    }

    /// Records `node`, `conditional` when some build does not compile it.
    mutating func add(_ node: ImportDeclSyntax, conditional: Bool) {
        guard let first = node.path.first else { return }
        let place = lines.position(of: first.name.positionAfterSkippingLeadingTrivia.utf8Offset)
        imports.append(
            ImportStatement(
                module: DeclarationVisitor.plain(first.name), path: node.path.map { DeclarationVisitor.plain($0.name) },
                kind: node.importKindSpecifier?.text, attributes: DeclarationVisitor.names(node.attributes),
                line: place.line, column: place.column, conditional: conditional))
    }

    /// Records the `module:` of `#externalMacro(module: "M", type: "T")`: the macro target a macro
    /// declaration names is used through it, though no file imports it.
    mutating func addExternalMacro(_ name: TokenSyntax, _ arguments: LabeledExprListSyntax, conditional: Bool) {
        guard name.text == "externalMacro",
            let first = arguments.first, first.label?.text == "module",
            let module = first.expression.as(StringLiteralExprSyntax.self),
            module.segments.count == 1, let segment = module.segments.first?.as(StringSegmentSyntax.self),
            !segment.content.text.isEmpty
        else { return }
        let place = lines.position(of: segment.content.positionAfterSkippingLeadingTrivia.utf8Offset)
        externalMacros.append(
            ImportStatement(
                module: segment.content.text, kind: "macro", line: place.line, column: place.column,
                conditional: conditional))
    }
}

/// The walk of `SwiftFileReader` when only imports are wanted (`Extent.imports`): the file's top
/// level and the `#if` clauses there some build compiles.
///
/// An import can stand only there, and so can the declaration of a macro, where `#externalMacro`
/// is written; the inside of types and functions, most of a file, is never entered.
final class ImportVisitor: ActiveClauseVisitor {
    var found: ImportRecords

    init(lines: LineTable, builds: [PossibleBuild], answers: ActiveClauses) {
        found = ImportRecords(lines: lines)
        super.init(builds: builds, answers: answers)
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        switch node.item {
        case .decl(let declaration):
            if let node = declaration.as(ImportDeclSyntax.self) {
                found.add(node, conditional: isConditional)
            } else if let node = declaration.as(MacroDeclSyntax.self),
                let expansion = node.definition?.value.as(MacroExpansionExprSyntax.self)
            {
                found.addExternalMacro(expansion.macroName, expansion.arguments, conditional: isConditional)
            } else if let node = declaration.as(MacroExpansionDeclSyntax.self) {
                found.addExternalMacro(node.macroName, node.arguments, conditional: isConditional)
            }
            // An `#if` is entered clause by clause, by `ActiveClauseVisitor`.
            return declaration.is(IfConfigDeclSyntax.self) ? .visitChildren : .skipChildren
        case .expr(let expression):
            if let node = expression.as(MacroExpansionExprSyntax.self) {
                found.addExternalMacro(node.macroName, node.arguments, conditional: isConditional)
            }
            return .skipChildren
        case .stmt:
            return .skipChildren
        }
    }
}
