import Foundation

/// The `requires` and `forbidden_text` rules resolved against one package, before any file is read.
///
/// Resolving first means a rule that can check nothing, an `in`/`except` entry that names
/// nothing and a regular expression that does not compile are configuration errors at their
/// line, and the scanner keeps string literals only for the targets a text rule reads.
struct SourceRules: Sendable {
    /// One `requires` entry of a layer, filled in for each target it applies to.
    struct Requirement: Sendable {
        var layer: Int
        var place: Rules.Place
        /// Each target the entry applies to and the type name it must declare.
        var types: [(target: String, type: String)]
    }

    /// One `forbidden_text` rule with its targets and compiled patterns.
    struct TextRule: Sendable {
        var rule: Rules.ForbiddenText
        /// The targets whose string literals are read, sorted.
        var targets: [String]
        var patterns: [CompiledPattern]

        /// The earliest non-empty match of any pattern in `text`, as a range of `text`.
        func firstMatch(in text: String) -> Range<String.Index>? {
            var best: Range<String.Index>?
            for pattern in patterns {
                guard let found = pattern.firstMatch(in: text) else { continue }
                if best.map({ found.lowerBound < $0.lowerBound }) ?? true { best = found }
            }
            return best
        }
    }

    /// One `declarations` rule with the targets it reads and, for `public_types_from`, the
    /// targets whose types the public declarations may not mention.
    struct DeclarationRule: Sendable {
        var rule: Rules.DeclarationRule
        /// The targets whose files are read, sorted.
        var targets: [String]
        /// The targets of the `public_types_from` layers.
        var forbiddenTypeOwners: Set<String>
    }

    let requirements: [Requirement]
    let textRules: [TextRule]
    /// The targets whose string literals some text rule reads.
    let targetsWithStrings: Set<String>
    let declarationRules: [DeclarationRule]
    /// The names some `forbid: references` entry watches.
    let watchedNames: Set<String>

    /// How much of each file these rules need read: imports alone unless a `requires` entry or a
    /// declaration rule reads declarations (text rules get their targets' files read whole).
    var extent: SwiftFileReader.Extent {
        requirements.isEmpty && declarationRules.isEmpty ? .imports : .everything
    }

    init(rules: Rules, graph: PackageGraph, classification: Classification) throws {
        func error(_ place: Rules.Place, _ message: String) -> ConfigError {
            ConfigError(file: rules.file, line: place.line, column: place.column, message)
        }
        var requirements: [Requirement] = []
        for (index, layer) in rules.layers.enumerated() where !layer.requires.isEmpty {
            let members = classification.assignments.filter { $0.value.layer == index }.sorted { $0.key < $1.key }
            for (name, place) in layer.requires {
                let usesFeature = name.contains("{feature}")
                let types = members.compactMap { target, assignment -> (target: String, type: String)? in
                    if usesFeature && assignment.feature == nil { return nil }
                    let type = name.replacingOccurrences(of: "{feature}", with: assignment.feature ?? "")
                        .replacingOccurrences(of: "{target}", with: target)
                    return (target, type)
                }
                if types.isEmpty {
                    // An optional layer may hold nothing, and with no feature at all the feature
                    // layers are empty by design: `features.minimum` decides whether that is wrong.
                    if members.isEmpty && (layer.optional || (layer.isFeatureLayer && classification.features.isEmpty))
                    {
                        continue
                    }
                    let why =
                        members.isEmpty
                        ? "the layer holds no target"
                        : "no target of the layer belongs to a feature, so {feature} names nothing"
                    throw error(place, "layer '\(layer.name)' requires '\(name)', which applies to no target: \(why)")
                }
                requirements.append(Requirement(layer: index, place: place, types: types))
            }
        }

        let layerIndex = Dictionary(uniqueKeysWithValues: rules.layers.enumerated().map { ($1.name, $0) })
        func targets(_ entries: [(name: String, place: Rules.Place)], _ key: String, rule: String) throws -> Set<String>
        {
            var found = Set<String>()
            for (name, place) in entries {
                guard
                    let matched = Policy.targets(
                        named: name, layerIndex: layerIndex, graph: graph, classification: classification)
                else {
                    throw error(place, "\(rule): \(key) '\(name)' matches no layer and no target")
                }
                found.formUnion(matched)
            }
            return found
        }
        var textRules: [TextRule] = []
        for rule in rules.forbiddenText {
            let name = "forbidden_text rule '\(rule.id)'"
            let read = try targets(rule.targets, "in", rule: name).subtracting(
                try targets(rule.except, "except", rule: name))
            let patterns = try rule.patterns.map { text, place in
                guard let pattern = CompiledPattern(text) else {
                    throw error(
                        place,
                        "forbidden_text rule '\(rule.id)': pattern '\(text)' is not a valid regular expression (ICU syntax)"
                    )
                }
                guard !pattern.matchesEmptyText else {
                    throw error(
                        place,
                        "forbidden_text rule '\(rule.id)': pattern '\(text)' matches empty text; make it require at least one character"
                    )
                }
                return pattern
            }
            textRules.append(TextRule(rule: rule, targets: read.sorted(), patterns: patterns))
        }
        var declarationRules: [DeclarationRule] = []
        for rule in rules.declarations {
            let name = "declarations rule '\(rule.id)'"
            let read = try targets(rule.targets, "in", rule: name).subtracting(
                try targets(rule.except, "except", rule: name))
            var owners = Set<String>()
            for (layer, place) in rule.forbid?.publicTypesFrom ?? [] {
                guard let index = layerIndex[layer] else {
                    throw error(place, "\(name): public_types_from '\(layer)' is not a layer of the rules file")
                }
                owners.formUnion(classification.assignments.filter { $0.value.layer == index }.keys)
            }
            declarationRules.append(DeclarationRule(rule: rule, targets: read.sorted(), forbiddenTypeOwners: owners))
        }
        self.requirements = requirements
        self.textRules = textRules
        targetsWithStrings = Set(textRules.flatMap(\.targets))
        self.declarationRules = declarationRules
        watchedNames = Set(rules.declarations.flatMap { $0.forbid?.references.map(\.pattern.name) ?? [] })
    }
}

/// A compiled regular expression. `NSRegularExpression` is immutable and documented as safe to
/// use from several threads, which is why this wrapper may be `Sendable`.
struct CompiledPattern: @unchecked Sendable {
    let expression: NSRegularExpression

    init?(_ text: String) {
        guard let expression = try? NSRegularExpression(pattern: text) else { return nil }
        self.expression = expression
    }

    /// Whether the pattern can match zero characters, which would make every literal a finding.
    var matchesEmptyText: Bool {
        expression.firstMatch(in: "", range: NSRange(location: 0, length: 0)) != nil
    }

    /// The first match of at least one character in `text`.
    func firstMatch(in text: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        expression.enumerateMatches(in: text, range: NSRange(text.startIndex..., in: text)) { match, _, stop in
            guard let match, match.range.length > 0, let range = Range(match.range, in: text) else { return }
            found = range
            stop.pointee = true
        }
        return found
    }
}
