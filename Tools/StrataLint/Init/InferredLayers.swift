/// The layers `strata init` infers from a package's names and dependency graph, with what each uses.
///
/// Targets no naming family explains are grouped by depth in the graph (those that use none of
/// the others, those that use only those, ...), so even a package with no naming convention gets
/// an order. `may_use` is what each layer uses today; where two layers use each other, the
/// direction with fewer edges is left out and its edges become baseline entries.
struct InferredLayers {
    /// How a layer picks its targets.
    enum Selection: Equatable {
        /// `{feature}<suffix>`: one target per feature.
        case feature(suffix: String)
        /// `*<suffix>`: a family without features.
        case glob(suffix: String)
        /// The targets by name.
        case names
        /// `{target}Tests`.
        case tests
    }

    /// One inferred layer.
    struct Layer {
        var name: String
        var selection: Selection
        var members: [String]
        /// Why these targets are together, for the comment above the layer.
        var why: String
        var optional = false
        /// Whether the layer holds test targets (their unused dependencies are not reported).
        var holdsTests = false
        /// Layers (by name) and products the layer's targets use today, after tightening.
        var mayUse: [String] = []
        /// Layers whose edges into this one were left out of `may_use` by tightening.
        var tightenedAway: [String] = []
    }

    var layers: [Layer] = []
    var features: Set<String> = []
    /// The feature of each target in a feature layer (a test target takes its target's).
    var featureOf: [String: String] = [:]
    var independent = true
    var isolated = true

    init(graph: PackageGraph, files: [String: [ScannedFile]]) {
        let usage = TargetUsage(graph: graph, files: files)
        let regular = graph.targets.filter { !$0.isTest }.map(\.name)
        let tests = graph.targets.filter(\.isTest).map(\.name)
        let families = NamingFamilies(targets: regular)

        // A prefix is a feature when it names targets in two families or more.
        var familiesOfPrefix: [String: Set<String>] = [:]
        for target in regular {
            if let suffix = families.familyOf[target], let prefix = families.prefix(of: target) {
                familiesOfPrefix[prefix, default: []].insert(suffix)
            }
        }
        let featurePrefixes = Set(familiesOfPrefix.filter { $0.value.count >= 2 }.keys)

        var unexplained = regular.filter { families.familyOf[$0] == nil }
        var familyLayers: [Layer] = []
        for (suffix, members) in families.members.sorted(by: { ($0.key.count, $1.key) > ($1.key.count, $0.key) }) {
            // A pattern would also catch a test target ending in the suffix before `{target}Tests` can.
            let clashes = tests.contains { $0.hasSuffix(suffix) }
            let inFeatures = members.filter { families.prefix(of: $0).map(featurePrefixes.contains) ?? false }
            let name = Self.layerName(suffix)
            if !clashes, !inFeatures.isEmpty, inFeatures.count * 2 >= members.count {
                unexplained += members.filter { !inFeatures.contains($0) }
                for member in inFeatures { featureOf[member] = families.prefix(of: member) }
                familyLayers.append(
                    Layer(
                        name: name, selection: .feature(suffix: suffix), members: inFeatures,
                        why: "one `…\(suffix)` target per feature (\(Self.list(inFeatures)))"))
            } else {
                familyLayers.append(
                    Layer(
                        name: name, selection: clashes ? .names : .glob(suffix: suffix), members: members,
                        why: "the `…\(suffix)` family (\(Self.list(members)))"))
            }
        }
        features = Set(featureOf.values)
        // A feature layer every feature has is required; one some features lack is optional.
        for index in familyLayers.indices {
            guard case .feature = familyLayers[index].selection else { continue }
            familyLayers[index].optional = Set(familyLayers[index].members.compactMap { featureOf[$0] }) != features
        }

        // Names first, so a listed target never falls into a pattern; longer suffixes before shorter.
        let levels = Self.levels(
            of: unexplained.sorted { regular.firstIndex(of: $0) ?? 0 < regular.firstIndex(of: $1) ?? 0 }, usage)
        var ordered =
            levels + familyLayers.filter { $0.selection == .names }
            + familyLayers.filter { $0.selection != .names }
        var layerOf: [String: Int] = [:]
        for (index, layer) in ordered.enumerated() { for member in layer.members { layerOf[member] = index } }

        let regularSet = Set(regular)
        let testedTests = tests.filter { test in
            test.hasSuffix("Tests") && regularSet.contains(String(test.dropLast(5)))
        }
        let otherTests = tests.filter { !testedTests.contains($0) }
        for test in testedTests { featureOf[test] = featureOf[String(test.dropLast(5))] }
        if !otherTests.isEmpty {
            ordered.append(
                Layer(
                    name: Self.unique("other-tests", in: ordered), selection: .names, members: otherTests,
                    why: "test targets not named after a target", holdsTests: true))
            for member in otherTests { layerOf[member] = ordered.count - 1 }
        }
        Self.fillMayUse(&ordered, layerOf: layerOf, usage: usage, graph: graph)
        if !testedTests.isEmpty {
            var layer = Layer(
                name: Self.unique("tests", in: ordered), selection: .tests, members: testedTests,
                why: "`<Target>Tests`: each may use its target and what its target may use", holdsTests: true)
            var used = Set<String>()
            for test in testedTests {
                let tested = String(test.dropLast(5))
                let allowed = Set(layerOf[tested].map { ordered[$0].mayUse } ?? [])
                for module in usage.uses[test, default: []] where module != tested {
                    let name = layerOf[module].map { ordered[$0].name } ?? module
                    if !allowed.contains(name) { used.insert(name) }
                }
                used.formUnion(usage.products[test, default: []].filter { !allowed.contains($0) })
            }
            layer.mayUse = used.sorted()
            ordered.append(layer)
        }
        layers = Self.bottomUp(ordered, first: levels.count + familyLayers.filter { $0.selection == .names }.count)

        // Feature-wide rules hold only if the graph already keeps them.
        for (target, modules) in usage.uses {
            for module in modules {
                guard let to = featureOf[module] else { continue }
                if let from = featureOf[target] {
                    if from != to { independent = false }
                } else if layerOf[target] != nil {
                    isolated = false
                }
            }
        }
    }

    /// The unexplained targets as layers by depth: level 0 uses none of the others.
    static func levels(of targets: [String], _ usage: TargetUsage) -> [Layer] {
        guard !targets.isEmpty else { return [] }
        let members = Set(targets)
        let edges = Dictionary(
            uniqueKeysWithValues: targets.map { ($0, usage.uses[$0, default: []].intersection(members)) })
        // Targets in a cycle share a level: the components come out of Tarjan's algorithm dependencies first.
        let components = StronglyConnected.components(nodes: targets, edges: edges)
        var level: [String: Int] = [:]
        for component in components {
            let inside = Set(component)
            let depth =
                component.flatMap { edges[$0, default: []].subtracting(inside) }.compactMap { level[$0] }.max().map {
                    $0 + 1
                } ?? 0
            for target in component { level[target] = depth }
        }
        let deepest = level.values.max() ?? 0
        return (0...deepest).compactMap { depth in
            let atDepth = targets.filter { level[$0] == depth }
            guard !atDepth.isEmpty else { return nil }
            let why =
                depth == 0
                ? "targets no naming family explains that use none of the others (\(list(atDepth)))"
                : "targets no naming family explains that use level \(depth - 1) or lower (\(list(atDepth)))"
            return Layer(name: deepest == 0 ? "other" : "other-\(depth)", selection: .names, members: atDepth, why: why)
        }
    }

    /// Sets each layer's `may_use` to the layers and products its targets use, keeping one direction between two layers.
    static func fillMayUse(_ layers: inout [Layer], layerOf: [String: Int], usage: TargetUsage, graph: PackageGraph) {
        var weight: [Int: [Int: Int]] = [:]
        var products: [Int: Set<String>] = [:]
        for target in graph.targets {
            guard let from = layerOf[target.name] else { continue }
            for module in usage.uses[target.name, default: []] {
                if let to = layerOf[module] { weight[from, default: [:]][to, default: 0] += 1 }
            }
            products[from, default: []].formUnion(usage.products[target.name, default: []])
        }
        for index in layers.indices {
            var used: [String] = []
            for (to, count) in weight[index, default: [:]].sorted(by: { $0.key < $1.key }) {
                let back = to == index ? 0 : weight[to]?[index] ?? 0
                // Between two layers that use each other, the lighter direction goes to the baseline (ties keep both).
                if back > count {
                    layers[index].tightenedAway.append(layers[to].name)
                    continue
                }
                used.append(layers[to].name)
            }
            layers[index].mayUse = used + products[index, default: []].sorted()
        }
    }

    /// The pattern layers from `first` on, ordered lowest first by depth in the layer graph; a
    /// layer whose suffix ends another's (`ClientLive`, `Live`) still comes first, so it wins.
    static func bottomUp(_ layers: [Layer], first: Int) -> [Layer] {
        var depth: [String: Int] = [:]
        func depthOf(_ name: String, _ visiting: Set<String>) -> Int {
            if let known = depth[name] { return known }
            guard let layer = layers.first(where: { $0.name == name }), !visiting.contains(name) else { return 0 }
            let below = layer.mayUse.filter { $0 != name }.map { depthOf($0, visiting.union([name])) + 1 }.max() ?? 0
            depth[name] = below
            return below
        }
        let patterns = layers[first...].filter { $0.selection != .tests }
        var sorted = patterns.sorted { (depthOf($0.name, []), $0.name) < (depthOf($1.name, []), $1.name) }
        func suffix(_ layer: Layer) -> String {
            switch layer.selection {
            case .feature(let suffix), .glob(let suffix): suffix
            case .names, .tests: ""
            }
        }
        var index = 0
        while index < sorted.count {
            let own = suffix(sorted[index])
            if let earlier = sorted[..<index].firstIndex(where: {
                own.count > suffix($0).count && own.hasSuffix(suffix($0))
            }) {
                sorted.insert(sorted.remove(at: index), at: earlier)
            }
            index += 1
        }
        return Array(layers[..<first]) + sorted + layers[first...].filter { $0.selection == .tests }
    }

    /// `UseCase` -> `use-case`.
    static func layerName(_ suffix: String) -> String {
        NamingFamilies.camelWords(suffix).map { $0.lowercased() }.joined(separator: "-")
    }

    static func unique(_ name: String, in layers: [Layer]) -> String {
        var candidate = name
        var number = 2
        while layers.contains(where: { $0.name == candidate }) {
            candidate = "\(name)-\(number)"
            number += 1
        }
        return candidate
    }

    /// At most four names, then how many more.
    static func list(_ names: [String]) -> String {
        names.count <= 4
            ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
    }
}

/// What each target uses today: the package's targets it declares or imports, and the products.
struct TargetUsage {
    var uses: [String: Set<String>] = [:]
    var products: [String: Set<String>] = [:]

    init(graph: PackageGraph, files: [String: [ScannedFile]]) {
        let targets = graph.targetNames
        let productNames = graph.productNames
        for target in graph.targets {
            var ownTargets = Set(target.dependencies.filter { !$0.isProduct }.map(\.name))
            var external = Set(target.dependencies.filter(\.isProduct).map(\.name))
            for file in files[target.name] ?? [] {
                for statement in file.imports {
                    if targets.contains(statement.module) {
                        ownTargets.insert(statement.module)
                    } else if productNames.contains(statement.module) {
                        external.insert(statement.module)
                    }
                }
            }
            ownTargets.remove(target.name)
            uses[target.name] = ownTargets.intersection(targets)
            products[target.name] = external
        }
    }
}
