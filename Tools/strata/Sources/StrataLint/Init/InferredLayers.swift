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
}
