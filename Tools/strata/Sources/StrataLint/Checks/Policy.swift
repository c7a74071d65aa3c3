/// The rules resolved against one package: decides whether a target may depend on a module.
///
/// Building a policy checks that every rule means something in this package: an empty
/// layer selector, a `may_use` entry or a forbidden rule that names nothing is a
/// configuration error pointing at its line, because a rule that matches nothing passes silently.
struct Policy: Sendable {
    /// Why an edge is not allowed.
    struct Verdict: Sendable {
        var rule: String
        var explanation: String
    }

    struct ResolvedForbidden: Sendable {
        var rule: Rules.Forbidden
        var from: Set<String>
        var toLayers: Set<Int>
        var toPatterns: [NamePattern]
    }

    let rules: Rules
    let graph: PackageGraph
    let classification: Classification
    /// `may_use` of each layer: the layers and the modules it names.
    let allowedLayers: [Set<Int>]
    let allowedModules: [Set<String>]
    /// External modules the rules mention; only those are checked against the layers.
    let governedExternals: Set<String>
    let forbidden: [ResolvedForbidden]
    let targetNames: Set<String>

    init(rules: Rules, graph: PackageGraph, classification: Classification) throws {
        self.rules = rules
        self.graph = graph
        self.classification = classification
        targetNames = graph.targetNames
        let products = graph.productNames
        let layerIndex = Dictionary(uniqueKeysWithValues: rules.layers.enumerated().map { ($1.name, $0) })
        func error(_ place: Rules.Place, _ message: String) -> ConfigError {
            ConfigError(file: rules.file, line: place.line, column: place.column, message)
        }

        for (index, layer) in rules.layers.enumerated() where !layer.optional {
            for (selectorIndex, selector) in layer.selectors.enumerated()
            where classification.hits[index][selectorIndex] == 0 {
                // A {feature} pattern is checked per feature.
                if case .name(let pattern) = selector.selector, pattern.captures == .feature { continue }
                throw error(
                    selector.place,
                    "layer '\(layer.name)': \(Self.describe(selector.selector)) matches no target of the package; fix it, remove it, or mark the layer `optional: true`"
                )
            }
        }

        var layers: [Set<Int>] = []
        var modules: [Set<String>] = []
        var governed = Set<String>()
        for layer in rules.layers {
            var allowedLayers = Set<Int>()
            var allowedModules = Set<String>()
            for (name, place) in layer.mayUse {
                if let index = layerIndex[name] {
                    allowedLayers.insert(index)
                } else if targetNames.contains(name) || products.contains(name) {
                    allowedModules.insert(name)
                    if !targetNames.contains(name) { governed.insert(name) }
                } else {
                    throw error(
                        place,
                        "layer '\(layer.name)' may_use '\(name)', which is neither a layer nor a module or product of the package"
                    )
                }
            }
            layers.append(allowedLayers)
            modules.append(allowedModules)
        }

        var forbidden: [ResolvedForbidden] = []
        for rule in rules.forbidden {
            var from = Set<String>()
            for (name, place) in rule.from {
                let matched = Self.targets(
                    named: name, layerIndex: layerIndex, graph: graph, classification: classification)
                if matched == nil {
                    throw error(place, "forbidden rule '\(rule.id)': from '\(name)' matches no layer and no target")
                }
                from.formUnion(matched ?? [])
            }
            var toLayers = Set<Int>()
            var toPatterns: [NamePattern] = []
            for (name, place) in rule.to {
                if let index = layerIndex[name] {
                    toLayers.insert(index)
                } else if let pattern = NamePattern(name) {
                    // A bare name may be a toolchain or external module: only this rule governs it.
                    toPatterns.append(pattern)
                } else {
                    throw error(
                        place, "forbidden rule '\(rule.id)': to '\(name)' is not a layer, target pattern or module name"
                    )
                }
            }
            forbidden.append(ResolvedForbidden(rule: rule, from: from, toLayers: toLayers, toPatterns: toPatterns))
        }
        allowedLayers = layers
        allowedModules = modules
        governedExternals = governed
        self.forbidden = forbidden
    }

    /// The targets a `from` entry names: a layer's targets or a name pattern's matches; nil if it names nothing.
    static func targets(
        named name: String, layerIndex: [String: Int], graph: PackageGraph, classification: Classification
    ) -> Set<String>? {
        if let index = layerIndex[name] {
            return Set(classification.assignments.filter { $0.value.layer == index }.keys)
        }
        guard let pattern = NamePattern(name) else { return nil }
        let matched = Set(graph.targets.map(\.name).filter(pattern.matches))
        return matched.isEmpty ? nil : matched
    }

    static func describe(_ selector: Rules.Selector) -> String {
        switch selector {
        case .name(let pattern): "targets '\(pattern)'"
        case .path(let pattern): "paths '\(pattern)'"
        case .kind(let kind): "kinds '\(kind)'"
        }
    }

    /// Whether the rules have anything to say about `module` (one of ours, or an external they name).
    func governs(_ module: String) -> Bool {
        targetNames.contains(module) || governedExternals.contains(module)
    }

    /// Why `from` may not depend on `module`, or nil when it may. `verb` is "depends on" or "imports".
    func verdict(from: String, to module: String, layerRule: String, verb: String) -> Verdict? {
        guard from != module, let source = classification[from] else { return nil }
        for resolved in forbidden where resolved.from.contains(from) {
            let layerHit = classification[module].map { resolved.toLayers.contains($0.layer) } ?? false
            if layerHit || resolved.toPatterns.contains(where: { $0.matches(module) }) {
                return Verdict(
                    rule: resolved.rule.id, explanation: "\(from) \(verb) \(module): \(resolved.rule.reason)")
            }
        }
        guard governs(module) else { return nil }
        let destination = classification[module]
        if let destination, let feature = destination.feature {
            if rules.features.independent, let own = source.feature, own != feature {
                return Verdict(
                    rule: BuiltInRule.featureIndependence.id,
                    explanation:
                        "\(from) (feature \(own)) \(verb) \(module) (feature \(feature)); features are independent of one another"
                )
            }
            if rules.features.isolated, source.feature == nil {
                return Verdict(
                    rule: BuiltInRule.featureIsolation.id,
                    explanation:
                        "\(from) (\(layerName(source))) \(verb) \(module) (feature \(feature)); modules outside the features depend on no feature"
                )
            }
        }
        if targetNames.contains(module), destination == nil { return nil }  // reported as unclassified
        if allows(source, module, destination) { return nil }
        let layer = rules.layers[source.layer]
        let allowed = layer.mayUse.map(\.name) + (source.tested.map { ["\($0) (its target)"] } ?? [])
        let what = destination.map { " (\(layerName($0)))" } ?? ""
        return Verdict(
            rule: layerRule,
            explanation:
                "\(from) (\(layer.name)) \(verb) \(module)\(what), but \(layer.name) may use only \(allowed.isEmpty ? "nothing of the package" : allowed.joined(separator: ", "))"
        )
    }

    private func layerName(_ assignment: Classification.Assignment) -> String { rules.layers[assignment.layer].name }

    private func allows(
        _ source: Classification.Assignment, _ module: String, _ destination: Classification.Assignment?
    ) -> Bool {
        if allowedModules[source.layer].contains(module) { return true }
        if let destination, allowedLayers[source.layer].contains(destination.layer) { return true }
        // A test target may use its target and whatever its target may use.
        if rules.layers[source.layer].isTests, let tested = source.tested, let testedAssignment = classification[tested]
        {
            return module == tested || allows(testedAssignment, module, destination)
        }
        return false
    }
}
