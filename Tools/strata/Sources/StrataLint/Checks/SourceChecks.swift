/// Every target of a layer with `requires` declares the types the layer requires.
struct RequiredTypeCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        var declaredAnywhere: [String: (target: String, file: String, line: Int)]?
        for requirement in context.sourceRules.requirements {
            let layer = context.rules.layers[requirement.layer].name
            for (target, type) in requirement.types {
                let files = context.files[target] ?? []
                if files.contains(where: { $0.declarations.contains { $0.declaresType && $0.name == type } }) {
                    continue
                }
                let folder =
                    context.graph.target(named: target).map {
                        $0.path.hasSuffix("/") ? String($0.path.dropLast()) : $0.path
                    } ?? target
                var message =
                    "\(folder): \(target) (\(layer) layer) declares no type \(type), which \(context.rules.file):\(requirement.place.line) requires"
                var location = (
                    file: context.rules.file, line: requirement.place.line, column: requirement.place.column
                )
                // Where an extension of the type is left, the type was most likely renamed or moved away from there.
                if let file = files.first(where: { $0.declarations.contains { $0.extends(type) } }),
                    let extended = file.declarations.first(where: { $0.extends(type) })
                {
                    location = (file.path, extended.line, extended.column)
                    message += "; only an extension of it is left here"
                }
                if declaredAnywhere == nil { declaredAnywhere = Self.declarations(context) }
                if let elsewhere = declaredAnywhere?[type] {
                    message += "; it is declared in \(elsewhere.target) (\(elsewhere.file):\(elsewhere.line))"
                } else {
                    message += "; declare it (struct, enum, class, actor, protocol or typealias) in the target"
                }
                findings.append(
                    Finding(
                        rule: BuiltInRule.missingType.id, message: message, target: target, dependency: type,
                        file: location.file, line: location.line, column: location.column))
            }
        }
        return findings
    }

    /// The first declaration of each type name in the package, targets in manifest order.
    static func declarations(_ context: LintContext) -> [String: (target: String, file: String, line: Int)] {
        var found: [String: (target: String, file: String, line: Int)] = [:]
        for target in context.graph.targets {
            for file in context.files[target.name] ?? [] {
                for declaration in file.declarations where declaration.declaresType && found[declaration.name] == nil {
                    found[declaration.name] = (target.name, file.path, declaration.line)
                }
            }
        }
        return found
    }
}

/// String literals whose content a `forbidden_text` rule forbids, one finding per literal and rule.
struct ForbiddenTextCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for textRule in context.sourceRules.textRules {
            for target in textRule.targets {
                let layer = context.classification[target].map { " (\(context.rules.layers[$0.layer].name))" } ?? ""
                for file in context.files[target] ?? [] {
                    for literal in file.strings {
                        guard let match = textRule.firstMatch(in: literal.content) else { continue }
                        let range = Self.trimmed(match, in: literal.content)
                        let text = String(literal.content[range])
                        let offset = literal.content.utf8.distance(
                            from: literal.content.startIndex, to: range.lowerBound)
                        let position = literal.position(ofUTF8Offset: offset)
                        findings.append(
                            Finding(
                                rule: textRule.rule.id,
                                message:
                                    "\(target)\(layer) has \(Self.quoted(text)) in a string literal: \(textRule.rule.reason)",
                                target: target, dependency: text, file: file.path, line: position.line,
                                column: position.column))
                    }
                }
            }
        }
        return findings
    }

    /// `range` without leading and trailing whitespace, so a pattern that needs a space before
    /// a flag still points at the flag; unchanged when it is all whitespace.
    static func trimmed(_ range: Range<String.Index>, in text: String) -> Range<String.Index> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, text[lower].isWhitespace { lower = text.index(after: lower) }
        while lower < upper, text[text.index(before: upper)].isWhitespace { upper = text.index(before: upper) }
        return lower < upper ? lower..<upper : range
    }

    /// The matched text on one line, shortened, in quotes.
    static func quoted(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        return "\"" + (flat.count > 60 ? flat.prefix(59) + "…" : flat) + "\""
    }
}
