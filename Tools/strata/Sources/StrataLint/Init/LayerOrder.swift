/// How inferred layers are ordered and what each may use: depth in the graph, usage, names.
extension InferredLayers {
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
            // A layer's targets may use one another without naming the layer.
            for (to, count) in weight[index, default: [:]].sorted(by: { $0.key < $1.key }) where to != index {
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
