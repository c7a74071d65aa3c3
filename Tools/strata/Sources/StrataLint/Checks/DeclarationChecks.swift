/// Selected types that are not what a `declarations` rule's `require` says, and rules that select no type.
struct DeclarationRequirementCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let supertypes = Self.supertypes(context)
        for resolved in context.sourceRules.declarationRules {
            guard let requirement = resolved.rule.require else { continue }
            var selected = 0
            for target in resolved.targets {
                let files = context.files[target] ?? []
                let feature = context.classification[target]?.feature
                // Conformances an extension adds count wherever in the target it is.
                var added: [String: Set<String>] = [:]
                for file in files {
                    for extended in file.declarationFacts.extensions {
                        added[extended.extended, default: []].formUnion(extended.inherits)
                    }
                }
                for file in files {
                    for type in file.declarationFacts.types
                    where Self.selects(resolved.rule.select, type, feature: feature) {
                        selected += 1
                        let direct = added[type.name, default: []].union(type.inherits)
                        let conformances = direct.union(direct.flatMap { supertypes[$0] ?? [] })
                        let problems = Self.problems(of: type, against: requirement, conformances: conformances)
                        guard !problems.isEmpty else { continue }
                        findings.append(
                            Finding(
                                rule: resolved.rule.id,
                                message:
                                    "\(type.kind) \(type.name) in \(target)\(context.layerSuffix(target)) \(problems.joined(separator: ", ")): \(resolved.rule.reason)",
                                target: target, dependency: type.name, file: file.path, line: type.position.line,
                                column: type.position.column))
                    }
                }
            }
            // A selection that matches nothing checks nothing: most likely a mistyped name or kind.
            // Layers with no target yet (a workspace before its first feature) have nothing to select.
            if selected == 0 && !resolved.targets.isEmpty {
                findings.append(
                    Finding(
                        rule: resolved.rule.id,
                        message:
                            "declarations rule '\(resolved.rule.id)' selects no type in \(resolved.targets.count) target(s); check its `in` and `select`",
                        target: context.graph.name, file: context.rules.file, line: resolved.rule.place.line,
                        column: resolved.rule.place.column))
            }
        }
        return findings
    }

    /// What each type parsed anywhere in the package inherits, directly or through the types it
    /// inherits (a protocol refining `Sendable`, a superclass conforming to `Presenting`).
    static func supertypes(_ context: LintContext) -> [String: Set<String>] {
        var direct: [String: Set<String>] = [:]
        for file in context.files.values.joined() {
            for type in file.declarationFacts.types {
                direct[type.name, default: []].formUnion(type.inherits)
            }
            for extended in file.declarationFacts.extensions {
                direct[extended.extended, default: []].formUnion(extended.inherits)
            }
        }
        var closed: [String: Set<String>] = [:]
        func close(_ name: String, _ visiting: inout Set<String>) -> Set<String> {
            if let known = closed[name] { return known }
            guard visiting.insert(name).inserted else { return [] }
            var all = direct[name] ?? []
            for parent in direct[name] ?? [] { all.formUnion(close(parent, &visiting)) }
            closed[name] = all
            return all
        }
        for name in direct.keys {
            var visiting = Set<String>()
            _ = close(name, &visiting)
        }
        return closed
    }

    static func selects(
        _ selection: Rules.DeclarationRule.Selection, _ type: DeclarationFacts.DeclaredType, feature: String?
    )
        -> Bool
    {
        if !selection.kinds.isEmpty && !selection.kinds.contains(type.kind) { return false }
        if selection.names.isEmpty { return true }
        return selection.names.contains { pattern in
            let (matched, captured) = pattern.match(type.name)
            // `{feature}` must be the target's own feature, not any name in its place.
            return matched && (pattern.captures != .feature || captured == feature)
        }
    }

    /// What `type` lacks, each as a phrase (`is not final`, `does not conform to Presenting`).
    static func problems(
        of type: DeclarationFacts.DeclaredType, against requirement: Rules.DeclarationRule.Requirement,
        conformances: Set<String>
    ) -> [String] {
        var problems: [String] = []
        if !requirement.kinds.isEmpty && !requirement.kinds.contains(type.kind) {
            problems.append("is a \(type.kind), not a \(requirement.kinds.joined(separator: " or "))")
        }
        for name in requirement.conformsTo where !conformances.contains(name) {
            problems.append("does not conform to \(name)")
        }
        for attribute in requirement.attributes where !type.attributes.contains(attribute) {
            problems.append("lacks @\(attribute)")
        }
        if requirement.isFinal && type.kind == "class" && !type.modifiers.contains("final") {
            problems.append("is not final")
        }
        let globalActor = type.attributes.contains { $0 == "MainActor" || $0.hasSuffix("Actor") }
        if requirement.isSendable && type.kind != "actor" && !globalActor && !conformances.contains("Sendable") {
            problems.append("is not Sendable")
        }
        return problems
    }
}

/// Code a `declarations` rule's `forbid` rules out: watched names, mutable global state, and
/// other layers' types in public declarations. Each file is judged alone, so `--changed` runs it.
struct DeclarationProhibitionCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for resolved in context.sourceRules.declarationRules {
            guard let forbid = resolved.rule.forbid else { continue }
            let rule = resolved.rule
            let owners = Self.typeOwners(resolved.forbiddenTypeOwners, context)
            for target in resolved.targets {
                let layer = context.layerSuffix(target)
                // A name the target declares itself is its own type, whoever else has one of that name.
                let own = Set((context.files[target] ?? []).flatMap { $0.declarations.map(\.name) })
                // The kind of each type the target declares, for a selection by kind of an extension's members.
                var kinds: [String: String] = [:]
                for file in context.files[target] ?? [] {
                    for type in file.declarationFacts.types { kinds[type.name] = type.kind }
                }
                for file in context.files[target] ?? [] {
                    let syntax = file.declarationFacts
                    func report(_ what: String, _ subject: String, _ position: DeclarationFacts.Position) {
                        findings.append(
                            Finding(
                                rule: rule.id, message: "\(target)\(layer) \(what): \(rule.reason)", target: target,
                                dependency: subject, file: file.path, line: position.line, column: position.column))
                    }
                    for reference in syntax.references {
                        guard let pattern = forbid.references.first(where: { Self.matches($0.pattern, reference) })
                        else { continue }
                        report("uses \(pattern.pattern)", pattern.pattern.description, reference.position)
                    }
                    if forbid.mutableState {
                        for state in syntax.mutableState {
                            report(
                                "declares mutable global state (\(state.description))", state.description,
                                state.position)
                        }
                    }
                    for mention in syntax.publicMentions where Self.isSelected(mention, by: rule.select, in: kinds) {
                        guard let owner = owners[mention.type], owner != target, !own.contains(mention.type) else {
                            continue
                        }
                        report(
                            "exposes \(mention.type) of \(owner)\(context.layerSuffix(owner)) in public \(mention.declaration)",
                            mention.type, mention.position)
                    }
                }
            }
        }
        return findings
    }

    /// Whether `mention` belongs to a type `selection` chooses; every mention when it chooses all.
    static func isSelected(
        _ mention: DeclarationFacts.PublicMention, by selection: Rules.DeclarationRule.Selection,
        in kinds: [String: String]
    ) -> Bool {
        if selection.kinds.isEmpty && selection.names.isEmpty { return true }
        guard let owner = mention.owner else { return false }
        let kind = mention.ownerKind.isEmpty ? kinds[owner] ?? "" : mention.ownerKind
        if !selection.kinds.isEmpty && !selection.kinds.contains(kind) { return false }
        return selection.names.isEmpty || selection.names.contains { $0.matches(owner) }
    }

    static func matches(_ pattern: ReferencePattern, _ reference: DeclarationFacts.Reference) -> Bool {
        guard pattern.name == reference.name else { return false }
        switch pattern.form {
        case .name: return true
        case .emptyCall: return reference.isEmptyCall
        case .member(let member): return reference.member == member
        }
    }

    /// The target that declares each type of `targets`; a name two of them declare is left out,
    /// as a mention of it cannot be told apart.
    static func typeOwners(_ targets: Set<String>, _ context: LintContext) -> [String: String] {
        var owners: [String: String] = [:]
        var ambiguous = Set<String>()
        for target in targets {
            for file in context.files[target] ?? [] {
                for declaration in file.declarations where declaration.declaresType {
                    if let other = owners[declaration.name], other != target { ambiguous.insert(declaration.name) }
                    owners[declaration.name] = target
                }
            }
        }
        for name in ambiguous { owners[name] = nil }
        return owners
    }
}

extension LintContext {
    /// ` (layer)` for a classified target, for messages.
    func layerSuffix(_ target: String) -> String {
        classification[target].map { " (\(rules.layers[$0.layer].name))" } ?? ""
    }
}
