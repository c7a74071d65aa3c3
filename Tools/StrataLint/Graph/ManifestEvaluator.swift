import SwiftSyntax

/// Runs the top-level statements of a declarative manifest on values it can know without compiling.
///
/// Expressions it cannot know become `.unknown`; that is an error only where the checker needs
/// the value (a target's name, path, dependencies...), so settings and products may be anything.
struct ManifestEvaluator {
    /// A value of the manifest, as far as the reader knows it.
    indirect enum Value: Sendable {
        case string(String)
        case array([Value])
        case target(Manifest.Target)
        case dependency(Manifest.TargetDependency)
        /// A `Package(...)`: its name, its targets (an array of `.target`, or `.unknown`), and its line.
        case package(name: Value, targets: Value, line: Int)
        case null
        case unknown
    }

    /// The type an expression has where it stands, which decides what `.target(...)` means.
    indirect enum Expected: Sendable {
        case string, target, dependency, package, any
        case array(Expected)

        var element: Expected {
            if case .array(let element) = self { return element }
            return .any
        }
    }

    let lines: SourceLines
    /// The top-level constants and variables, as they are after the statements run so far.
    private var values: [String: Value] = [:]
    /// Their declared or inferred types, for values assigned to them later.
    private var types: [String: Expected] = [:]

    init(lines: SourceLines) {
        self.lines = lines
    }

    private func unsupported(_ node: some SyntaxProtocol, _ reason: String) -> DeclarativeManifest.Unsupported {
        .init(reason: reason, line: lines.line(of: node))
    }

    /// The one package the manifest creates, with every target the checker needs known.
    func package() throws(DeclarativeManifest.Unsupported) -> Manifest {
        let packages = values.values.compactMap { value -> (name: Value, targets: Value, line: Int)? in
            guard case .package(let name, let targets, let line) = value else { return nil }
            return (name, targets, line)
        }
        guard packages.count == 1, let package = packages.first else {
            throw .init(reason: "does not keep its Package in exactly one `let package`", line: 1)
        }
        guard case .string(let name) = package.name else {
            throw .init(reason: "computes the package's name", line: package.line)
        }
        guard case .array(let elements) = package.targets else {
            throw .init(reason: "computes or changes the targets in a way only running it shows", line: package.line)
        }
        var targets: [Manifest.Target] = []
        for case .target(let target) in elements { targets.append(target) }
        guard targets.count == elements.count else {
            throw .init(reason: "lists a target whose name, path or dependencies it computes", line: package.line)
        }
        return Manifest(name: name, targets: targets)
    }

    // MARK: - Statements

    /// Runs one top-level statement: an import, a `let`/`var`, or a change to a variable or to `package.targets`.
    mutating func run(_ statement: CodeBlockItemSyntax) throws(DeclarativeManifest.Unsupported) {
        switch statement.item {
        case .decl(let declaration):
            if declaration.is(ImportDeclSyntax.self) { return }
            guard let variable = declaration.as(VariableDeclSyntax.self) else {
                throw unsupported(declaration, "has a declaration other than an import, a let or a var")
            }
            try declare(variable)
        case .expr(let expression):
            try change(expression)
        case .stmt(let other):
            throw unsupported(other, "has a statement (a loop, a condition...) that only running it resolves")
        }
    }

    private mutating func declare(_ variable: VariableDeclSyntax) throws(DeclarativeManifest.Unsupported) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let initial = binding.initializer?.value, binding.accessorBlock == nil
            else {
                throw unsupported(binding, "has a variable that is computed, observed or set later")
            }
            let type = binding.typeAnnotation.map { Self.expected($0.type) } ?? .any
            types[name] = type
            values[name] = evaluate(initial, as: type)
        }
    }

    /// `x = …`, `x += …`, `x.append(…)` and `x.append(contentsOf: …)`, where x is a variable or `package.targets`.
    private mutating func change(_ expression: ExprSyntax) throws(DeclarativeManifest.Unsupported) {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            let isAssignment = parts.count == 3 && parts[1].is(AssignmentExprSyntax.self)
            let isAppend = parts.count == 3 && parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
            guard isAssignment || isAppend else {
                throw unsupported(expression, "has an expression statement that is not an assignment")
            }
            let place = try self.place(parts[0])
            let value = evaluate(parts[2], as: place.type)
            store(isAssignment ? value : Self.concatenate([place.value, value]), at: place)
            return
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let method = call.calledExpression.as(MemberAccessExprSyntax.self), let receiver = method.base
        else {
            throw unsupported(expression, "has an expression statement that is not an assignment")
        }
        let place = try self.place(receiver)
        let arguments = Array(call.arguments)
        var value = Value.unknown  // insert, remove, sort...: only running it shows the result
        if method.declName.baseName.text == "append", arguments.count == 1 {
            switch arguments[0].label?.text {
            case nil: value = .array([evaluate(arguments[0].expression, as: place.type.element)])
            case "contentsOf": value = evaluate(arguments[0].expression, as: place.type)
            default: break
            }
        }
        store(Self.concatenate([place.value, value]), at: place)
    }

    /// What a statement changes: a variable, the package's name or targets, or a package property the checker ignores.
    private struct Place {
        enum Kind { case variable, packageName, packageTargets, ignored }
        var kind: Kind
        var owner: String
        var value: Value
        var type: Expected
    }

    private func place(_ target: ExprSyntax) throws(DeclarativeManifest.Unsupported) -> Place {
        if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let current = values[name] {
            return Place(kind: .variable, owner: name, value: current, type: types[name] ?? .any)
        }
        guard let member = target.as(MemberAccessExprSyntax.self),
            let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .package(let name, let targets, _) = values[owner]
        else {
            throw unsupported(target, "changes something other than a variable or the package")
        }
        switch member.declName.baseName.text {
        case "targets": return Place(kind: .packageTargets, owner: owner, value: targets, type: .array(.target))
        case "name": return Place(kind: .packageName, owner: owner, value: name, type: .string)
        // products, dependencies, platforms, settings: nothing the checker reads
        default: return Place(kind: .ignored, owner: owner, value: .unknown, type: .any)
        }
    }

    private mutating func store(_ value: Value, at place: Place) {
        switch (place.kind, values[place.owner]) {
        case (.variable, _): values[place.owner] = value
        case (.packageTargets, .package(let name, _, let line)?):
            values[place.owner] = .package(name: name, targets: value, line: line)
        case (.packageName, .package(_, let targets, let line)?):
            values[place.owner] = .package(name: value, targets: targets, line: line)
        default: break
        }
    }

    // MARK: - Expressions

    /// The value of `expression` where a value of type `expected` stands; `.unknown` when it needs running.
    func evaluate(_ expression: ExprSyntax, as expected: Expected) -> Value {
        switch expression.as(ExprSyntaxEnum.self) {
        case .tupleExpr(let tuple):
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return .unknown }
            return evaluate(only.expression, as: expected)
        case .stringLiteralExpr(let literal):
            guard let text = Self.text(of: literal) else { return .unknown }
            // A string literal where a dependency stands is `.byName(name:)`.
            if case .dependency = expected { return .dependency(.init(byName: text)) }
            return .string(text)
        case .nilLiteralExpr:
            return .null
        case .arrayExpr(let array):
            return .array(array.elements.map { evaluate($0.expression, as: expected.element) })
        case .declReferenceExpr(let reference):
            return values[reference.baseName.text] ?? .unknown
        case .sequenceExpr(let sequence):
            return sum(sequence, as: expected)
        case .functionCallExpr(let call) where call.trailingClosure == nil:
            return self.call(call, as: expected)
        default:
            return .unknown
        }
    }

    /// `a + b + …` on arrays or strings.
    private func sum(_ sequence: SequenceExprSyntax, as expected: Expected) -> Value {
        var operands: [Value] = []
        for (index, element) in sequence.elements.enumerated() {
            if index % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return .unknown }
            } else {
                operands.append(evaluate(element, as: expected))
            }
        }
        return Self.concatenate(operands)
    }

    static func concatenate(_ operands: [Value]) -> Value {
        var strings: [String] = []
        var arrays: [Value] = []
        for operand in operands {
            switch operand {
            case .string(let text): strings.append(text)
            case .array(let elements): arrays += elements
            default: return .unknown
            }
        }
        if strings.isEmpty { return .array(arrays) }
        return strings.count == operands.count ? .string(strings.joined()) : .unknown
    }

    /// `Package(...)`, a target factory (`.target(...)`, `Target.testTarget(...)`) or a dependency
    /// factory (`.product(...)`, `Target.Dependency.target(...)`).
    private func call(_ call: FunctionCallExprSyntax, as expected: Expected) -> Value {
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" {
            return package(Arguments(call, evaluator: self), line: lines.line(of: call))
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return .unknown }
        let factory = member.declName.baseName.text
        let arguments = Arguments(call, evaluator: self)
        switch member.base.map(Self.typeName) ?? expected.typeName {
        case "Target": return target(factory, arguments)
        case "Target.Dependency": return dependency(factory, arguments)
        default: return .unknown
        }
    }

    private func package(_ arguments: Arguments, line: Int) -> Value {
        .package(
            name: arguments["name", .string],
            targets: arguments.has("targets") ? arguments["targets", .array(.target)] : .array([]), line: line)
    }

    /// Target kinds as `dump-package` names them, by factory.
    static let targetKinds = [
        "target": "regular", "executableTarget": "executable", "testTarget": "test", "systemLibrary": "system",
        "binaryTarget": "binary", "plugin": "plugin", "macro": "macro",
    ]

    private func target(_ factory: String, _ arguments: Arguments) -> Value {
        guard let kind = Self.targetKinds[factory], case .string(let name) = arguments["name", .string],
            let dependencies = arguments.optional("dependencies", .array(.dependency), default: .array([])),
            let path = arguments.optional("path", .string, default: .null),
            let exclude = arguments.optional("exclude", .array(.string), default: .array([])),
            let sources = arguments.optional("sources", .array(.string), default: .null)
        else { return .unknown }
        guard case .array(let dependencyValues) = dependencies else { return .unknown }
        var dependencyList: [Manifest.TargetDependency] = []
        for case .dependency(let dependency) in dependencyValues { dependencyList.append(dependency) }
        guard dependencyList.count == dependencyValues.count, let exclude = Self.strings(exclude) else {
            return .unknown
        }
        let pathText: String?
        switch path {
        case .string(let text): pathText = text
        case .null: pathText = nil
        default: return .unknown
        }
        let sourceList: [String]?
        if case .null = sources { sourceList = nil } else if let list = Self.strings(sources) { sourceList = list } else {
            return .unknown
        }
        return .target(
            Manifest.Target(
                name: name, type: kind, path: pathText, exclude: exclude, sources: sourceList,
                dependencies: dependencyList))
    }

    private func dependency(_ factory: String, _ arguments: Arguments) -> Value {
        guard case .string(let name) = arguments["name", .string] else { return .unknown }
        switch factory {
        case "target": return .dependency(.init(target: name))
        case "byName": return .dependency(.init(byName: name))
        case "product":
            // Since tools version 5.2 a product names its package; without one, SwiftPM decides.
            guard case .string(let package) = arguments["package", .string] else { return .unknown }
            return .dependency(.init(product: name, package: package))
        default: return .unknown
        }
    }

    // MARK: - Helpers

    static func strings(_ value: Value) -> [String]? {
        guard case .array(let elements) = value else { return nil }
        var list: [String] = []
        for case .string(let text) in elements { list.append(text) }
        return list.count == elements.count ? list : nil
    }

    /// A literal's text; nil when it interpolates or escapes (left to SwiftPM rather than decoded here).
    static func text(of literal: StringLiteralExprSyntax) -> String? {
        var text = ""
        for segment in literal.segments {
            guard case .stringSegment(let plain) = segment, !plain.content.text.utf8.contains(UInt8(ascii: "\\")) else {
                return nil
            }
            text += plain.content.text
        }
        return text
    }

    static func typeName(_ base: ExprSyntax) -> String? {
        if let reference = base.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = base.as(MemberAccessExprSyntax.self), let inner = member.base.flatMap(typeName) {
            return inner + "." + member.declName.baseName.text
        }
        return nil
    }

    /// What a type annotation says the value is.
    static func expected(_ type: TypeSyntax) -> Expected {
        if let array = type.as(ArrayTypeSyntax.self) { return .array(expected(array.element)) }
        switch type.trimmedDescription.replacingOccurrences(of: " ", with: "") {
        case "String": return .string
        case "Target", "PackageDescription.Target": return .target
        case "Target.Dependency", "PackageDescription.Target.Dependency": return .dependency
        case "Package", "PackageDescription.Package": return .package
        default: return .any
        }
    }
}

extension ManifestEvaluator.Expected {
    /// The type an implicit member (`.target(...)`) is looked up in.
    var typeName: String? {
        switch self {
        case .target: return "Target"
        case .dependency: return "Target.Dependency"
        default: return nil
        }
    }
}

/// A call's labelled arguments, evaluated on demand.
private struct Arguments {
    let evaluator: ManifestEvaluator
    private var expressions: [String: ExprSyntax] = [:]

    init(_ call: FunctionCallExprSyntax, evaluator: ManifestEvaluator) {
        self.evaluator = evaluator
        for argument in call.arguments {
            if let label = argument.label?.text { expressions[label] = argument.expression }
        }
    }

    func has(_ label: String) -> Bool { expressions[label] != nil }

    /// The argument's value; `.unknown` when it is missing or needs running.
    subscript(_ label: String, _ expected: ManifestEvaluator.Expected) -> ManifestEvaluator.Value {
        expressions[label].map { evaluator.evaluate($0, as: expected) } ?? .unknown
    }

    /// The argument's value, `fallback` when it is left out, nil when it needs running.
    func optional(
        _ label: String, _ expected: ManifestEvaluator.Expected, default fallback: ManifestEvaluator.Value
    ) -> ManifestEvaluator.Value? {
        guard let expression = expressions[label] else { return fallback }
        let value = evaluator.evaluate(expression, as: expected)
        if case .unknown = value { return nil }
        return value
    }
}
