/// Which layer, and which feature, each target of the package belongs to.
struct Classification: Sendable {
    struct Assignment: Sendable, Equatable {
        /// Index into `Rules.layers`.
        var layer: Int
        /// The feature the target belongs to, if its layer is a feature layer (or tests one).
        var feature: String?
        /// For a tests layer, the target under test.
        var tested: String?
    }

    var assignments: [String: Assignment] = [:]
    /// How many targets each selector of each layer took, to find selectors that match nothing.
    var hits: [[Int]]
    /// Every feature found, sorted.
    var features: [String]

    init(rules: Rules, graph: PackageGraph) {
        hits = rules.layers.map { Array(repeating: 0, count: $0.selectors.count) }
        features = []
        // Targets first, then tests of targets: `{target}` needs its target's assignment.
        for pass in 0..<2 {
            for target in graph.targets where assignments[target.name] == nil {
                assign(target, rules: rules, graph: graph, testsPass: pass == 1)
            }
        }
        features = Set(assignments.values.compactMap(\.feature)).sorted()
    }

    private mutating func assign(_ target: PackageGraph.Target, rules: Rules, graph: PackageGraph, testsPass: Bool) {
        for (layerIndex, layer) in rules.layers.enumerated() {
            for (selectorIndex, selector) in layer.selectors.enumerated() {
                var assignment: Assignment?
                switch selector.selector {
                case .name(let pattern):
                    let (matched, captured) = pattern.match(target.name)
                    guard matched, (pattern.captures == .target) == testsPass else { continue }
                    switch pattern.captures {
                    case .none: assignment = Assignment(layer: layerIndex)
                    case .feature: assignment = Assignment(layer: layerIndex, feature: captured)
                    case .target:
                        guard let tested = captured, tested != target.name, let testedAssignment = assignments[tested]
                        else { continue }
                        assignment = Assignment(layer: layerIndex, feature: testedAssignment.feature, tested: tested)
                    }
                case .path(let pattern):
                    guard !testsPass, pattern.matches(target.path) else { continue }
                    assignment = Assignment(layer: layerIndex)
                case .kind(let kind):
                    guard !testsPass, kind == target.kind else { continue }
                    assignment = Assignment(layer: layerIndex)
                }
                if let assignment {
                    assignments[target.name] = assignment
                    hits[layerIndex][selectorIndex] += 1
                    return
                }
            }
        }
    }

    subscript(name: String) -> Assignment? { assignments[name] }
}
