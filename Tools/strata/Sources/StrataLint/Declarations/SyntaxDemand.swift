/// Which files the declaration rules need swift-syntax for: only those that could break a rule.
///
/// The lexer's pass has already read every file, and parsing is ten times its cost, so a file is
/// parsed only when what the lexer saw leaves a rule undecided: it may declare mutable state;
/// it names a watched name or a type of a `public_types_from` layer (any identifier, comments
/// and strings included, so nothing is missed); it declares a type a `require` rule needs more
/// than the kind of (the lexer knows kinds and names), or a protocol, class or extension that
/// conformances pass through. A file left out can hold no finding, so the results are the same
/// as parsing everything.
struct SyntaxDemand: Sendable {
    /// Per target: the names that make a file worth parsing.
    var names: [String: Set<String>] = [:]
    /// Targets a `mutable_state` rule reads.
    var stateTargets: Set<String> = []
    /// Per target: the selections of the `require` rules that need more than a kind.
    var selections: [String: [(selection: Rules.DeclarationRule.Selection, feature: String?)]] = [:]
    /// Whether some `require` rule checks conformances (then protocols, classes and extensions are parsed).
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
            if let requirement = rule.require {
                let checksConformance = !requirement.conformsTo.isEmpty || requirement.isSendable
                readsConformances = readsConformances || checksConformance
                if checksConformance || !requirement.attributes.isEmpty || requirement.isFinal {
                    for target in resolved.targets {
                        selections[target, default: []].append((rule.select, classification[target]?.feature))
                    }
                }
            }
            for target in resolved.targets {
                names[target, default: []].formUnion(interesting)
                if rule.forbid?.mutableState == true { stateTargets.insert(target) }
            }
        }
    }

    /// Whether `file` of `target` must be parsed, given what the lexer found and its bytes.
    func needsSyntax(_ file: ScannedFile, mayDeclareState: Bool, target: String, bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard targets.contains(target) else { return false }
        if mayDeclareState && stateTargets.contains(target) { return true }
        for declaration in file.declarations {
            if readsConformances && ["protocol", "class", "extension"].contains(declaration.kind) { return true }
            guard let type = DeclarationRequirementCheck.lexed(declaration) else { continue }
            for (selection, feature) in selections[target] ?? []
            where DeclarationRequirementCheck.selects(selection, type, feature: feature) {
                return true
            }
        }
        guard let names = names[target], !names.isEmpty else { return false }
        return Self.mentionsAny(of: names, in: bytes)
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
