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
        var severity = Finding.Severity.error
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
    /// External modules some layer's `may_use` names: a layer that does not name one may not use it.
    let governedExternals: Set<String>
    /// `may_use` entries that name no layer, target or product: each must be a module some
    /// source imports (a module of a product's package), checked once the files are read.
    let importedNames: [(layer: String, name: String, place: Rules.Place)]
    let forbidden: [ResolvedForbidden]
    let targetNames: Set<String>
    /// The products of other packages the targets declare, computed once: every import asks.
    let productNames: Set<String>

    init(rules: Rules, graph: PackageGraph, classification: Classification) throws {
        self.rules = rules
        self.graph = graph
        self.classification = classification
        targetNames = graph.targetNames
        productNames = graph.productNames
        let products = productNames
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

        // A layer named like a module would make every may_use naming it mean two things.
        for layer in rules.layers where targetNames.contains(layer.name) || products.contains(layer.name) {
            throw error(
                layer.place,
                "layer '\(layer.name)' has the name of a \(targetNames.contains(layer.name) ? "target" : "product") of the package, so a may_use naming it would mean both; rename the layer"
            )
        }

        var layers: [Set<Int>] = []
        var modules: [Set<String>] = []
        var governed = Set<String>()
        var importedNames: [(layer: String, name: String, place: Rules.Place)] = []
        for layer in rules.layers {
            var allowedLayers = Set<Int>()
            var allowedModules = Set<String>()
            for (name, place) in layer.mayUse {
                if let index = layerIndex[name] {
                    allowedLayers.insert(index)
                } else if targetNames.contains(name) || products.contains(name) {
                    allowedModules.insert(name)
                    if !targetNames.contains(name) { governed.insert(name) }
                } else if ToolchainModules.contains(name) {
                    throw error(
                        place,
                        "layer '\(layer.name)' may_use '\(name)', a toolchain module: those are allowed unless the layer's `toolchain:` lists the ones it may use; remove it"
                    )
                } else {
                    allowedModules.insert(name)
                    governed.insert(name)
                    importedNames.append((layer.name, name, place))
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
            let resolved = ResolvedForbidden(rule: rule, from: from, toLayers: toLayers, toPatterns: toPatterns)
            try Self.refuseContradiction(resolved, rules: rules, layerIndex: layerIndex, error: error)
            forbidden.append(resolved)
        }
        allowedLayers = layers
        allowedModules = modules
        governedExternals = governed
        self.importedNames = importedNames
        self.forbidden = forbidden
    }

    /// Throws at the `may_use` entry a forbidden rule forbids for the same layer: the file says both yes and no.
    static func refuseContradiction(
        _ resolved: ResolvedForbidden, rules: Rules, layerIndex: [String: Int],
        error: (Rules.Place, String) -> ConfigError
    ) throws {
        for (name, _) in resolved.rule.from {
            guard let index = layerIndex[name] else { continue }
            for entry in rules.layers[index].mayUse {
                let forbids =
                    layerIndex[entry.name].map(resolved.toLayers.contains)
                    ?? resolved.toPatterns.contains { $0.matches(entry.name) }
                guard forbids else { continue }
                throw error(
                    entry.place,
                    "layer '\(name)' may_use '\(entry.name)', which forbidden rule '\(resolved.rule.id)' (line \(resolved.rule.place.line)) forbids for it; remove one of the two"
                )
            }
        }
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

    /// Throws for the first `may_use` entry that names no layer, target, product or module some file imports.
    func checkImportedNames(_ files: [String: [ScannedFile]]) throws {
        guard !importedNames.isEmpty else { return }
        let imported = Set(files.values.flatMap { $0.flatMap { $0.imports.map(\.module) } })
        for entry in importedNames where !imported.contains(entry.name) {
            throw ConfigError(
                file: rules.file, line: entry.place.line, column: entry.place.column,
                "layer '\(entry.layer)' may_use '\(entry.name)', which is neither a layer nor a module or product of the package, nor a module any source imports"
            )
        }
    }

    /// Whether `module` comes with the toolchain: not one of the package's targets or products.
    func isToolchain(_ module: String) -> Bool {
        !targetNames.contains(module) && !productNames.contains(module) && ToolchainModules.contains(module)
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
        if isToolchain(module) { return toolchainVerdict(source, from: from, module: module, verb: verb) }
        guard targetNames.contains(module) || governedExternals.contains(module) else {
            return unlistedVerdict(source, from: from, module: module, verb: verb)
        }
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
        // An external module is one line of strata.yml away; one of our layers is a design decision.
        let fix =
            targetNames.contains(module)
            ? "" : "; if it may, add \(module) to the may_use of layer '\(layer.name)' in \(rules.file)"
        return Verdict(
            rule: layerRule,
            explanation:
                "\(from) (\(layer.name)) \(verb) \(module)\(what), but \(layer.name) may use only \(allowed.isEmpty ? "nothing of the package" : allowed.joined(separator: ", "))\(fix)"
        )
    }

    /// A product or module no layer lists: an error under `version: 2`, a warning under 1.
    private func unlistedVerdict(
        _ source: Classification.Assignment, from: String, module: String, verb: String
    ) -> Verdict {
        let layer = rules.layers[source.layer]
        let listed = (layer.mayUse.map(\.name) + [module]).joined(separator: ", ")
        var explanation =
            "\(from) (\(layer.name)) \(verb) \(module), which no layer of \(rules.file) lists; if layer '\(layer.name)' may use it, add it to the layer's may_use: `may_use: [\(listed)]`"
        if rules.version < 2 {
            explanation +=
                " (a warning under version 1: `strata init --upgrade-rules` moves the file to version 2, listing what is used today)"
        }
        return Verdict(
            rule: BuiltInRule.unlistedDependency.id, explanation: explanation,
            severity: rules.version < 2 ? .warning : .error)
    }

    /// A toolchain module the layer's `toolchain:` list leaves out (a test target may also use its target's).
    private func toolchainVerdict(
        _ source: Classification.Assignment, from: String, module: String, verb: String
    ) -> Verdict? {
        if ToolchainModules.implicit.contains(module) || toolchainAllows(source, module) { return nil }
        let layer = rules.layers[source.layer]
        return Verdict(
            rule: verb == "imports" ? BuiltInRule.layerImport.id : BuiltInRule.layerDependency.id,
            explanation:
                "\(from) (\(layer.name)) \(verb) \(module), a toolchain module layer '\(layer.name)' does not list in its `toolchain:` in \(rules.file); if it may, add \(module) there"
        )
    }

    private func toolchainAllows(_ source: Classification.Assignment, _ module: String) -> Bool {
        let layer = rules.layers[source.layer]
        if case .only(let modules) = layer.toolchain, !modules.contains(where: { $0.name == module }) {
            guard layer.isTests, let tested = source.tested, let testedAssignment = classification[tested] else {
                return false
            }
            return toolchainAllows(testedAssignment, module)
        }
        return true
    }

    private func layerName(_ assignment: Classification.Assignment) -> String { rules.layers[assignment.layer].name }

    private func allows(
        _ source: Classification.Assignment, _ module: String, _ destination: Classification.Assignment?
    ) -> Bool {
        if allowedModules[source.layer].contains(module) { return true }
        // The targets of a layer may use one another (a layer never names itself in may_use).
        if let destination, destination.layer == source.layer || allowedLayers[source.layer].contains(destination.layer)
        {
            return true
        }
        // A test target may use its target and whatever its target may use.
        if rules.layers[source.layer].isTests, let tested = source.tested, let testedAssignment = classification[tested]
        {
            return module == tested || allows(testedAssignment, module, destination)
        }
        return false
    }
}
