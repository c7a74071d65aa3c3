/// Runs the top-level statements of a declarative manifest on values it can know without compiling.
///
/// Expressions it cannot know become `.unknown`; that is an error only where the checker needs
/// the value (a target's name, path, dependencies...), so settings and products may be anything.
struct ManifestEvaluator {
    /// A value of the manifest, as far as the reader knows it.
    indirect enum Value {
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
    indirect enum Expected {
        case string, target, dependency, package, any
        case array(Expected)

        var element: Expected {
            if case .array(let element) = self { return element }
            return .any
        }
    }

    /// The top-level constants and variables, as they are after the statements run so far.
    private var values: [String: Value] = [:]
    /// Their declared or inferred types, for values assigned to them later.
    private var types: [String: Expected] = [:]
    /// The names declared with `var`: a settings loop may not mention them.
    private var variables: Set<String> = []
    /// The settings loops' names and lines, checked against `variables` once all are known.
    private var loops: [(names: Set<String>, line: Int)] = []

    /// The one package the manifest creates, with every target the checker needs known.
    func package() throws(DeclarativeManifest.Unsupported) -> Manifest {
        for loop in loops {
            if let variable = loop.names.intersection(variables).sorted().first {
                throw .init(reason: "has a loop over the targets that uses the variable \(variable)", line: loop.line)
            }
        }
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
    mutating func run(_ statement: ManifestStatement) throws(DeclarativeManifest.Unsupported) {
        switch statement {
        case .import:
            return
        case .declaration(let name, let typeText, let value, let mutable, _):
            let type = typeText.map(Self.expected) ?? .any
            types[name] = type
            values[name] = evaluate(value, as: type)
            if mutable { variables.insert(name) }
        case .settingsLoop(let names, let line):
            loops.append((names, line))
        case .assignment(let target, let appends, let value, let line):
            let place = try self.place(target, line: line)
            let new = evaluate(value, as: place.type)
            store(appends ? Self.concatenate([place.value, new]) : new, at: place)
        case .call(let call, let line):
            guard case .call(.member(let receiver?, let method), let arguments, _) = call else {
                throw .init(reason: "has an expression statement that is not an assignment", line: line)
            }
            let place = try self.place(receiver, line: line)
            var value = Value.unknown  // insert, remove, sort...: only running it shows the result
            if method == "append", arguments.count == 1 {
                switch arguments[0].label {
                case nil: value = .array([evaluate(arguments[0].value, as: place.type.element)])
                case "contentsOf": value = evaluate(arguments[0].value, as: place.type)
                default: break
                }
            }
            store(Self.concatenate([place.value, value]), at: place)
        }
    }

    /// What a statement changes: a variable, the package's name or targets, or a package property the checker ignores.
    private struct Place {
        enum Kind { case variable, packageName, packageTargets, ignored }
        var kind: Kind
        var owner: String
        var value: Value
        var type: Expected
    }

    private func place(
        _ target: ManifestExpression, line: Int
    ) throws(DeclarativeManifest.Unsupported) -> Place {
        if case .name(let name) = target, let current = values[name] {
            return Place(kind: .variable, owner: name, value: current, type: types[name] ?? .any)
        }
        guard case .member(.name(let owner)?, let member) = target,
            case .package(let name, let targets, _) = values[owner]
        else {
            throw .init(reason: "changes something other than a variable or the package", line: line)
        }
        switch member {
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
    func evaluate(_ expression: ManifestExpression, as expected: Expected) -> Value {
        switch expression {
        case .string(let text?):
            // A string literal where a dependency stands is `.byName(name:)`.
            if case .dependency = expected { return .dependency(.init(byName: text)) }
            return .string(text)
        case .null:
            return .null
        case .array(let elements):
            return .array(elements.map { evaluate($0, as: expected.element) })
        case .name(let name):
            return values[name] ?? .unknown
        case .sum(let operands):
            return Self.concatenate(operands.map { evaluate($0, as: expected) })
        case .call(let callee, let arguments, let line):
            return call(callee, Arguments(arguments, evaluator: self), line: line, as: expected)
        case .string(nil), .member, .other:
            return .unknown
        }
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
    private func call(
        _ callee: ManifestExpression, _ arguments: Arguments, line: Int, as expected: Expected
    ) -> Value {
        if callee == .name("Package") { return package(arguments, line: line) }
        guard case .member(let base, let factory) = callee else { return .unknown }
        switch base.map(Self.typeName) ?? expected.typeName {
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
        if case .null = sources {
            sourceList = nil
        } else if let list = Self.strings(sources) {
            sourceList = list
        } else {
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

    /// `Target` or `Target.Dependency` from a written type name; nil for anything else.
    static func typeName(_ base: ManifestExpression) -> String? {
        switch base {
        case .name(let name): return name
        case .member(let inner?, let member): return typeName(inner).map { $0 + "." + member }
        default: return nil
        }
    }

    /// What a type annotation (its text without spaces) says the value is.
    static func expected(_ type: String) -> Expected {
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            return .array(expected(String(type.dropFirst().dropLast())))
        }
        switch type {
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
    private var expressions: [String: ManifestExpression] = [:]

    init(_ arguments: [ManifestArgument], evaluator: ManifestEvaluator) {
        self.evaluator = evaluator
        for argument in arguments {
            if let label = argument.label { expressions[label] = argument.value }
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
