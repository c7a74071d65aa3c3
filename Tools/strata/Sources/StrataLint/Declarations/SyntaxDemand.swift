/// Which files the declaration rules need swift-syntax for: only those that could break a rule.
///
/// The lexer's pass has already read every file, and parsing is ten times its cost, so a file is
/// parsed only when what the lexer saw leaves a rule undecided: it may declare mutable state;
/// it names a watched name or a type of a `public_types_from` layer (any identifier, comments
/// and strings included, so nothing is missed); or it declares a selected type whose header
/// (attributes, modifiers, inheritance clause, which the lexer reads as swift-syntax does)
/// does not show all that a `require` rule asks. When a conformance is not in the header, it
/// may come from an extension or a supertype, so then every protocol, class and extension of
/// the rules' targets is parsed too. A file left out can hold no finding, so the results are
/// the same as parsing everything.
struct SyntaxDemand: Sendable {
    /// A `require` rule that asks more than a kind, as it applies to one target.
    struct Requirement: Sendable {
        var selection: Rules.DeclarationRule.Selection
        var requirement: Rules.DeclarationRule.Requirement
        var feature: String?
    }

    /// Per target: the names that make a file worth parsing.
    var names: [String: Set<String>] = [:]
    /// Targets a `mutable_state` rule reads.
    var stateTargets: Set<String> = []
    /// Per target: the `require` rules that ask more than a kind.
    var requirements: [String: [Requirement]] = [:]
    /// Whether some selected type's header does not show a conformance a rule asks for (then
    /// protocols, classes and extensions are parsed, as conformances pass through them).
    var readsConformances = false
    /// The targets some declaration rule reads.
    var targets: Set<String> = []

    init(rules: SourceRules, classification: Classification, files: [String: [ScannedFile]]) {
        for resolved in rules.declarationRules {
            let rule = resolved.rule
            targets.formUnion(resolved.targets)
            var interesting = Set(rule.forbid?.references.map(\.pattern.name) ?? [])
            if !resolved.forbiddenTypeOwners.isEmpty {
                for owner in resolved.forbiddenTypeOwners {
                    for file in files[owner] ?? [] { interesting.formUnion(file.declarations.map(\.name)) }
                }
            }
            if let requirement = rule.require,
                !requirement.conformsTo.isEmpty || requirement.isSendable || !requirement.attributes.isEmpty
                    || requirement.isFinal
            {
                for target in resolved.targets {
                    requirements[target, default: []].append(
                        .init(
                            selection: rule.select, requirement: requirement, feature: classification[target]?.feature))
                }
            }
            for target in resolved.targets {
                names[target, default: []].formUnion(interesting)
                if rule.forbid?.mutableState == true { stateTargets.insert(target) }
            }
        }
        readsConformances = requirements.contains { target, requirements in
            let conformance = requirements.filter { !$0.requirement.conformsTo.isEmpty || $0.requirement.isSendable }
            return !conformance.isEmpty
                && (files[target] ?? []).contains { Self.undecided($0, by: conformance) }
        }
    }

    /// Whether `file` of `target` must be parsed, given what the lexer found and its bytes.
    func needsSyntax(_ file: ScannedFile, mayDeclareState: Bool, target: String, bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard targets.contains(target) else { return false }
        if mayDeclareState && stateTargets.contains(target) { return true }
        if readsConformances
            && file.declarations.contains(where: { ["protocol", "class", "extension"].contains($0.kind) })
        {
            return true
        }
        if Self.undecided(file, by: requirements[target] ?? []) { return true }
        guard let names = names[target], !names.isEmpty else { return false }
        return Self.mentionsAny(of: names, in: bytes)
    }

    /// Whether a type of `file` that `requirements` select has a header that does not show all they ask.
    static func undecided(_ file: ScannedFile, by requirements: [Requirement]) -> Bool {
        for declaration in file.declarations {
            guard let type = DeclarationRequirementCheck.lexed(declaration) else { continue }
            for rule in requirements
            where DeclarationRequirementCheck.selects(rule.selection, type, feature: rule.feature) {
                guard declaration.header != nil else { return true }
                let problems = DeclarationRequirementCheck.problems(
                    of: type, against: rule.requirement, conformances: Set(type.inherits))
                if !problems.isEmpty { return true }
            }
        }
        return false
    }

    /// Whether an identifier of `bytes` (anywhere: code, comments, strings) is one of `names`.
    static func mentionsAny(of names: Set<String>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let lengths = Set(names.map(\.utf8.count))
        var index = 0
        while index < bytes.count {
            guard Byte.isIdentifierStart(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, Byte.isIdentifierBody(bytes[index]) { index += 1 }
            if lengths.contains(index - start),
                names.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            {
                return true
            }
        }
        return false
    }
}
