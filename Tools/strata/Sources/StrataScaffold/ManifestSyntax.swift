import SwiftParser
import SwiftSyntax

/// Why strata cannot edit a manifest, and where: `Package.swift:LINE:COL: what stops it; what to do`.
public struct ManifestRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the syntax that stops the edit.
    public var line: Int
    /// The 1-based column, in bytes, as compilers count it.
    public var column: Int
    /// What stops the edit and what to do instead.
    public var reason: String

    public var description: String { "Package.swift:\(line):\(column): \(reason)" }
}

/// Package.swift as swift-syntax parses it, with the places strata edits found by their syntax.
///
/// Nothing is evaluated: a `targets:` array or a `dependencies:` array is edited only when it is
/// written out as a literal, so an edit never has to guess what code computes.
struct ManifestSyntax {
    /// The manifest's bytes, which edits index.
    let bytes: [UInt8]
    /// `\r\n` when the manifest's lines end so, else `\n`.
    let lineEnding: String
    /// One level of the manifest's indentation: a tab when its lines are indented with tabs, else four spaces.
    let indentUnit: String
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter
    private let calls: [FunctionCallExprSyntax]

    /// The kinds of target declaration whose `dependencies:` strata edits.
    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    init(_ text: String) {
        tree = Parser.parse(source: text)
        bytes = Array(text.utf8)
        converter = SourceLocationConverter(fileName: "Package.swift", tree: tree)
        let collector = CallCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        calls = collector.calls
        let bytes = bytes
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
        lineEnding = newline.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? "\r\n" : "\n"
        let firstIndented = text.split(whereSeparator: \.isNewline).first { $0.first == " " || $0.first == "\t" }
        indentUnit = firstIndented?.first == "\t" ? "\t" : "    "
    }

    /// A refusal at `node`'s first token.
    func refusal(at node: some SyntaxProtocol, _ reason: String) -> ManifestRefusal {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return ManifestRefusal(line: location.line, column: location.column, reason: reason)
    }

    /// The array literal `Package(…)`'s `targets:` argument is, or the one a top-level `let`/`var` it names holds.
    func targetsArray() throws(ManifestRefusal) -> ArrayExprSyntax {
        let packages = calls.filter { Self.calledName($0) == "Package" }
        guard let package = packages.first else {
            throw ManifestRefusal(
                line: 1, column: 1,
                reason: "has no `Package(…)` call; strata edits a manifest that declares `let package = Package(…)`")
        }
        guard packages.count == 1 else {
            throw refusal(at: packages[1], "has a second `Package(…)` call; keep one, or add the targets by hand")
        }
        guard let argument = package.arguments.first(where: { $0.label?.text == "targets" }) else {
            throw refusal(
                at: package, "`Package(…)` has no `targets:` argument; add `targets: []` after its `products:`")
        }
        if let array = argument.expression.as(ArrayExprSyntax.self) { return array }
        if let reference = argument.expression.as(DeclReferenceExprSyntax.self),
            let array = topLevelArray(named: reference.baseName.text)
        {
            return array
        }
        throw refusal(
            at: argument.expression,
            "`targets:` is computed by code, not an array literal (or a top-level `let` holding one); strata does not run the manifest"
        )
    }

    /// The array literal a top-level `let`/`var` named `name` is initialized with, when there is exactly one.
    private func topLevelArray(named name: String) -> ArrayExprSyntax? {
        let values = tree.statements.compactMap { $0.item.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
            .filter { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
            .map { $0.initializer?.value.as(ArrayExprSyntax.self) }
        guard values.count == 1, let array = values.first else { return nil }
        return array
    }

    /// The `.target(name: "X", …)` (or `.testTarget`, `.executableTarget`, `.macro`, `.plugin`) call declaring `name`.
    func targetCall(named name: String) throws(ManifestRefusal) -> FunctionCallExprSyntax {
        // A product (`.plugin(name:targets:)` shares its name with the plugin target) has `targets:`;
        // `.target(name:)` in another target's `dependencies:` names the target, it does not declare it.
        let found = calls.filter { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                Self.targetKinds.contains(member.declName.baseName.text)
            else { return false }
            return Self.stringArgument("name", of: call) == name
                && !call.arguments.contains { $0.label?.text == "targets" } && !Self.isDependencyEntry(call)
        }
        guard let call = found.first else {
            let anchor = (try? targetsArray()).map(Syntax.init) ?? Syntax(tree)
            throw refusal(
                at: anchor,
                "declares no `.target(name: \"\(name)\", …)` written out; its target is built by code, so change its dependencies by hand"
            )
        }
        guard found.count == 1 else {
            throw refusal(at: found[1], "declares target \(name) twice; change its dependencies by hand")
        }
        return call
    }

    /// The `dependencies:` array literal of a target's call; nil when the call has no such argument.
    func dependencies(of call: FunctionCallExprSyntax, target: String) throws(ManifestRefusal) -> ArrayExprSyntax? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "dependencies" }) else { return nil }
        guard let array = argument.expression.as(ArrayExprSyntax.self) else {
            throw refusal(
                at: argument.expression,
                "the dependencies of \(target) are computed by code, not an array literal; change them by hand")
        }
        return array
    }

    // MARK: - Positions

    /// The byte offset of `node`'s first token, past its leading trivia.
    static func start(_ node: some SyntaxProtocol) -> Int { node.positionAfterSkippingLeadingTrivia.utf8Offset }

    /// The byte offset past `node`'s last token, before its trailing trivia.
    static func end(_ node: some SyntaxProtocol) -> Int { node.endPositionBeforeTrailingTrivia.utf8Offset }

    /// The offset where the line holding `offset` starts.
    func lineStart(_ offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset of the line break that ends the line holding `offset` (the file's end when there is none).
    func lineBreak(after offset: Int) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end > offset && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
    }

    /// The offset just past the line break that ends the line holding `offset`.
    func nextLineStart(_ offset: Int) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return min(end + 1, bytes.count)
    }

    /// The spaces and tabs that open the line holding `offset`.
    func indentation(of offset: Int) -> String {
        let start = lineStart(offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether only spaces and tabs stand between the start of its line and `offset`.
    func startsLine(_ offset: Int) -> Bool {
        bytes[lineStart(offset)..<offset].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Whether only spaces, tabs or a `//` comment follow `offset` on its line.
    func endsLine(_ offset: Int) -> Bool {
        var cursor = offset
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
            cursor += 1
        }
        if cursor == bytes.count || bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r") {
            return true
        }
        return cursor + 1 < bytes.count && bytes[cursor] == UInt8(ascii: "/") && bytes[cursor + 1] == UInt8(ascii: "/")
    }

    // MARK: - Syntax helpers

    /// `Package` for `Package(…)` and `PackageDescription.Package(…)`; nil for other calls.
    private static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "PackageDescription"
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// Whether `call` is an entry of a `dependencies:` argument: the first labelled argument around it has that label.
    private static func isDependencyEntry(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if let argument = current.as(LabeledExprSyntax.self) { return argument.label?.text == "dependencies" }
            node = current.parent
        }
        return false
    }

    /// The text of argument `label` when it is a plain string literal.
    static func stringArgument(_ label: String, of call: FunctionCallExprSyntax) -> String? {
        call.arguments.first { $0.label?.text == label }.flatMap { plainString($0.expression) }
    }

    /// The text of a string literal without interpolation.
    static func plainString(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }
}

extension ManifestSyntax {
    /// Code that changes a target's dependencies after its declaration, wherever it is (an `#if`
    /// block included): `….dependencies = …`, `… += …`, `….dependencies.append(…)` and the like.
    var dependencyMutations: [Syntax] {
        let finder = DependencyMutationFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }
}

/// Finds the statements `ManifestSyntax.dependencyMutations` lists.
private final class DependencyMutationFinder: SyntaxVisitor {
    var found: [Syntax] = []

    private static func isDependencies(_ expression: ExprSyntax?) -> Bool {
        expression?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "dependencies"
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated().dropLast() where Self.isDependencies(element) {
            let next = elements[index + 1]
            if next.is(AssignmentExprSyntax.self)
                || next.as(BinaryOperatorExprSyntax.self).map({ ["+=", "-="].contains($0.operator.text) }) == true
            {
                found.append(Syntax(node))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), Self.isDependencies(member.base),
            ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast"].contains(
                member.declName.baseName.text)
        {
            found.append(Syntax(node))
        }
        return .visitChildren
    }
}

/// Every function call in a tree, in source order.
private final class CallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
