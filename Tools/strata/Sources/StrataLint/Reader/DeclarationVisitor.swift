import SwiftSyntax

/// The part of a file's walk that reads declarations: the types and extensions `requires` and the
/// declaration rules read, watched names, mutable global state and the types public declarations
/// mention. A stack of scopes says what is top level, what is public.
class DeclarationVisitor: ActiveClauseVisitor {
    enum Scope {
        /// A type; `membersArePublic` when a member without modifiers is public (a public protocol's).
        case type(name: String, kind: String, isPublic: Bool, membersArePublic: Bool)
        /// An extension of `name`; `isPublic` when written `public extension`.
        case `extension`(name: String, isPublic: Bool)
        /// A body of code: what is declared here is local.
        case local
    }

    let lines: LineTable
    let watchedNames: Set<String>
    var facts = DeclarationFacts()
    /// Types, typealiases and extensions by name and place, for `requires` rules.
    var declarations: [TypeDeclaration] = []
    var scopes: [Scope] = []

    init(
        lines: LineTable, watchedNames: Set<String>, builds: [PossibleBuild], answers: ActiveClauses
    ) {
        self.lines = lines
        self.watchedNames = watchedNames
        super.init(builds: builds, answers: answers)
    }

    func position(_ node: some SyntaxProtocol) -> DeclarationFacts.Position {
        position(of: node.positionAfterSkippingLeadingTrivia)
    }

    func position(of offset: AbsolutePosition) -> DeclarationFacts.Position {
        lines.position(of: offset.utf8Offset)
    }

    /// A name as declared, without the backticks that make a keyword a name.
    static func plain(_ token: TokenSyntax) -> String { token.identifier?.name ?? token.text }

    // MARK: Types and extensions

    func declare(
        _ kind: String, _ name: TokenSyntax, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax,
        _ inheritance: InheritanceClauseSyntax?
    ) -> SyntaxVisitorContinueKind {
        let isPublic = isEffectivelyPublic(modifiers)
        let position = position(name)
        facts.types.append(
            .init(
                kind: kind, name: Self.plain(name), attributes: Self.names(attributes),
                modifiers: modifiers.map(\.name.text), inherits: Self.inherited(inheritance), position: position))
        declarations.append(.init(kind: kind, name: Self.plain(name), line: position.line, column: position.column))
        scopes.append(
            .type(
                name: Self.plain(name), kind: kind, isPublic: isPublic, membersArePublic: isPublic && kind == "protocol"
            ))
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        declare("struct", node.name, node.attributes, node.modifiers, node.inheritanceClause)
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declare("enum", node.name, node.attributes, node.modifiers, node.inheritanceClause)
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declare("class", node.name, node.attributes, node.modifiers, node.inheritanceClause)
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        declare("actor", node.name, node.attributes, node.modifiers, node.inheritanceClause)
    }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        declare("protocol", node.name, node.attributes, node.modifiers, node.inheritanceClause)
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = Self.typeNames(node.extendedType).first.map(\.name) ?? node.extendedType.trimmedDescription
        facts.extensions.append(.init(extended: extended, inherits: Self.inherited(node.inheritanceClause)))
        let position = position(node.extendedType)
        declarations.append(
            .init(
                kind: "extension", name: Self.writtenName(node.extendedType), line: position.line,
                column: position.column))
        let isPublic = node.modifiers.contains { ["public", "open"].contains($0.name.text) }
        scopes.append(.extension(name: extended, isPublic: isPublic))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    // MARK: Bodies of code

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { enterLocal() }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { enterLocal() }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { enterLocal() }
    override func visitPost(_ node: CodeBlockSyntax) { scopes.removeLast() }
    override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }
    override func visitPost(_ node: AccessorBlockSyntax) { scopes.removeLast() }

    func enterLocal() -> SyntaxVisitorContinueKind {
        scopes.append(.local)
        return .visitChildren
    }

    // MARK: Mutable state and public signatures

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let modifiers = node.modifiers.map(\.name.text)
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        let unsafe = node.modifiers.contains { $0.name.text == "nonisolated" && $0.detail?.detail.text == "unsafe" }
        let isVar = node.bindingSpecifier.tokenKind == .keyword(.var)
        let isGlobal = scopes.isEmpty
        // A task-local is bound per task and read-only inside it: not shared mutable state.
        let isTaskLocal = Self.names(node.attributes).contains("TaskLocal")
        for binding in node.bindings {
            let name = Self.written(binding.pattern)
            if unsafe {
                facts.mutableState.append(
                    .init(description: "nonisolated(unsafe) \(name)", position: position(binding.pattern)))
            } else if isVar, isGlobal || isStatic, !isTaskLocal, Self.isStored(binding) {
                let description = isGlobal ? "var \(name) at top level" : "\(isStatic ? "static " : "")var \(name)"
                facts.mutableState.append(.init(description: description, position: position(binding.pattern)))
            }
            if let type = binding.typeAnnotation?.type, isEffectivelyPublic(node.modifiers) {
                mention(type, in: "\(node.bindingSpecifier.text) \(name)")
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if isEffectivelyPublic(node.modifiers) {
            let declaration = "func \(node.name.text)(\(Self.labels(node.signature.parameterClause)))"
            if let result = node.signature.returnClause?.type { mention(result, in: declaration) }
        }
        return .visitChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        if isEffectivelyPublic(node.modifiers) {
            mention(node.returnClause.type, in: "subscript")
        }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let position = position(node.name)
        declarations.append(
            .init(kind: "typealias", name: Self.plain(node.name), line: position.line, column: position.column))
        if isEffectivelyPublic(node.modifiers) { mention(node.initializer.value, in: "typealias \(node.name.text)") }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard case .type(_, _, isPublic: true, _)? = scopes.last else { return .visitChildren }
        for element in node.elements {
            for parameter in element.parameterClause?.parameters ?? [] {
                mention(parameter.type, in: "case \(element.name.text)")
            }
        }
        return .visitChildren
    }

    /// Whether a declaration with `modifiers` here is visible outside its module.
    func isEffectivelyPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        // Most declarations are local: decided before their modifiers are read.
        if case .local? = scopes.last { return false }
        var explicit = false
        // `private(set)` limits the setter only: the declaration stays as visible as the rest says.
        for modifier in modifiers where modifier.detail == nil {
            switch modifier.name.text {
            case "private", "fileprivate", "internal", "package": return false
            case "public", "open": explicit = true
            default: break
            }
        }
        switch scopes.last {
        case nil: return explicit
        case .type(_, _, let isPublic, let membersArePublic)?: return isPublic && (explicit || membersArePublic)
        case .extension(_, let isPublic)?: return explicit || isPublic
        case .local?: return false
        }
    }

    func mention(_ type: TypeSyntax, in declaration: String) {
        var owner: (name: String?, kind: String) = (nil, "")
        switch scopes.last {
        case .type(let name, let kind, _, _)?: owner = (name, kind)
        // An extension does not say its type's kind.
        case .extension(let name, _)?: owner = (name, "")
        case .local?, nil: break
        }
        for (name, token) in Self.typeNames(type) {
            facts.publicMentions.append(
                .init(
                    declaration: declaration, owner: owner.name, ownerKind: owner.kind, type: name,
                    position: position(token)))
        }
    }

    // MARK: References

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if watchedNames.contains(node.name.text) { record(node.name.text, at: node.name) }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if watchedNames.contains(node.name.text) { record(node.name.text, at: node.name) }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard watchedNames.contains(name) else { return .visitChildren }
        // `x.print` names a member of something else, not the watched name itself.
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
            return .visitChildren
        }
        var member: String?
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id {
            member = access.declName.baseName.text
        }
        var isEmptyCall = false
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            isEmptyCall = call.arguments.isEmpty && call.trailingClosure == nil
        }
        facts.references.append(
            .init(name: name, member: member, isEmptyCall: isEmptyCall, position: position(node.baseName)))
        return .visitChildren
    }

    func record(_ name: String, at token: TokenSyntax) {
        facts.references.append(.init(name: name, member: nil, isEmptyCall: false, position: position(token)))
    }

    // MARK: Helpers

    /// Attribute names without `@` or arguments.
    static func names(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self).map { written($0.attributeName) } }
    }

    /// A type as written, without trivia. A plain name is its token's text: `trimmedDescription`
    /// rebuilds the node, which for the names on every declaration cost a tenth of a cold run.
    static func written(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        return type.trimmedDescription
    }

    /// A binding's pattern as written, without trivia (`x`, `(a, b)`); a plain name is its token's text.
    static func written(_ pattern: PatternSyntax) -> String {
        pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? pattern.trimmedDescription
    }

    /// The names an inheritance clause lists, each by its last name (`@unchecked Sendable` gives
    /// `Sendable`, `Core.Presenting` gives `Presenting`, `A & B` both).
    static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
        func names(_ type: TypeSyntax) -> [String] {
            if let attributed = type.as(AttributedTypeSyntax.self) { return names(attributed.baseType) }
            if let member = type.as(MemberTypeSyntax.self) { return [member.name.text] }
            if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
            if let composition = type.as(CompositionTypeSyntax.self) {
                return composition.elements.flatMap { names($0.type) }
            }
            return []
        }
        return (clause?.inheritedTypes ?? []).flatMap { names($0.type) }
    }

    /// An extended type's name as written, generic arguments left out (`A.B<C>` gives `A.B`).
    static func writtenName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return plain(identifier.name) }
        if let member = type.as(MemberTypeSyntax.self) {
            return writtenName(member.baseType) + "." + plain(member.name)
        }
        return type.trimmedDescription
    }

    /// Every type name written in `type`, generic arguments included, each with its token.
    static func typeNames(_ type: TypeSyntax) -> [(name: String, token: TokenSyntax)] {
        // Most types are one plain name: no walk.
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return [(identifier.name.text, identifier.name)]
        }
        let collector = TypeNameCollector(viewMode: .sourceAccurate)
        collector.walk(type)
        return collector.found
    }

    /// Argument labels as Swift writes a function's name: `of:with:`.
    static func labels(_ clause: FunctionParameterClauseSyntax) -> String {
        clause.parameters.map { $0.firstName.text + ":" }.joined()
    }

    /// Whether a binding has storage: no accessors, or only observers.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy {
            [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
        }
    }
}

/// Collects the names of the types written in a type (`[Paper]` gives `Paper`; `A.B` gives `A` and `B`).
private final class TypeNameCollector: SyntaxVisitor {
    var found: [(name: String, token: TokenSyntax)] = []

    /// `@escaping`, `@Sendable`, `@unchecked`: words about a type, not types.
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node.name))
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node.name))
        return .visitChildren
    }
}
