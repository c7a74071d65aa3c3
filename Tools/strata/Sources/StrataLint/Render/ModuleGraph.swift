/// The package's module graph as the renderers draw it: nodes by feature and layer, edges marked.
public struct ModuleGraph: Sendable, Equatable, Encodable {
    /// A target.
    public struct Node: Sendable, Equatable, Encodable {
        /// The target's name.
        public var id: String
        /// Its layer, if the rules place it in one.
        public var layer: String?
        /// Its feature, if any.
        public var feature: String?
        /// SwiftPM's kind of target.
        public var kind: String
    }

    /// A dependency between two targets.
    public struct Edge: Sendable, Equatable, Encodable {
        /// The depending target.
        public var from: String
        /// The target depended on.
        public var to: String
        /// Whether Package.swift declares it (false: an import only, an implicit dependency).
        public var declared: Bool
        /// The rules the edge breaks, empty when it is fine.
        public var violations: [String]
    }

    /// The nodes, features first (sorted by feature), then the rest in manifest order.
    public var nodes: [Node]
    /// The edges, sorted.
    public var edges: [Edge]
    /// The layer names in rules order, which fixes each layer's colour.
    public var layers: [String]

    /// The graph of `result`; tests are left out unless `includeTests`; `feature` keeps one feature and what it uses.
    public init(_ result: LintResult, includeTests: Bool = false, feature: String? = nil) {
        let kept = result.graph.targets.filter { includeTests || !$0.isTest }
        var names = Set(kept.map(\.name))
        if let feature {
            let own = Set(kept.filter { result.feature(of: $0.name) == feature }.map(\.name))
            let used = kept.filter { own.contains($0.name) }.flatMap { $0.dependencies.map(\.name) }
            names = own.union(used).intersection(names)
        }
        var edges: [String: Edge] = [:]
        for target in kept where names.contains(target.name) {
            for dependency in target.dependencies where names.contains(dependency.name) {
                edges["\(target.name)>\(dependency.name)"] = Edge(
                    from: target.name, to: dependency.name, declared: true, violations: [])
            }
        }
        for finding in result.findings
        where finding.severity == .error && RuleCatalog.isEdgeRule(finding.rule, rules: result.rules) {
            guard let to = finding.dependency, names.contains(finding.target), names.contains(to) else { continue }
            let key = "\(finding.target)>\(to)"
            var edge = edges[key] ?? Edge(from: finding.target, to: to, declared: false, violations: [])
            if !edge.violations.contains(finding.rule) { edge.violations.append(finding.rule) }
            edges[key] = edge
        }
        self.nodes = kept.filter { names.contains($0.name) }.map {
            Node(id: $0.name, layer: result.layer(of: $0.name), feature: result.feature(of: $0.name), kind: $0.kind)
        }.sorted { ($0.feature == nil ? 1 : 0, $0.feature ?? "") < ($1.feature == nil ? 1 : 0, $1.feature ?? "") }
        self.edges = edges.values.map {
            var edge = $0
            edge.violations.sort()
            return edge
        }.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        self.layers = result.rules.layers.map(\.name)
    }

    /// The nodes of each feature, features sorted, and the nodes of no feature grouped by layer.
    var groups: [(id: String, label: String, nodes: [Node])] {
        var groups: [(id: String, label: String, nodes: [Node])] = []
        for feature in Array(Set(nodes.compactMap(\.feature))).sorted() {
            groups.append(("feature_\(feature)", feature, nodes.filter { $0.feature == feature }))
        }
        for layer in layers {
            let members = nodes.filter { $0.feature == nil && $0.layer == layer }
            if !members.isEmpty { groups.append(("layer_\(Self.identifier(layer))", layer, members)) }
        }
        let loose = nodes.filter { $0.feature == nil && $0.layer == nil }
        if !loose.isEmpty { groups.append(("unclassified", "unclassified", loose)) }
        return groups
    }

    /// A fill colour per layer, in rules order.
    func colour(of layer: String?) -> String {
        let palette = [
            "#e8f0fe", "#fde7e9", "#e6f4ea", "#fef7e0", "#f3e8fd", "#e0f7fa", "#fce8d5", "#ede7e3", "#e8eaf6",
            "#f1f8e9", "#fff3e0", "#eceff1",
        ]
        guard let layer, let index = layers.firstIndex(of: layer) else { return "#ffffff" }
        return palette[index % palette.count]
    }

    static func identifier(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

/// The graph formats `strata graph` writes.
public enum GraphFormat: String, Sendable, CaseIterable {
    /// A Mermaid flowchart, for Markdown.
    case mermaid
    /// Graphviz DOT.
    case dot
    /// Nodes and edges as JSON.
    case json
}

/// Renders a module graph as Mermaid, DOT or JSON.
public enum GraphRenderer {
    /// `graph` in `format`.
    public static func render(_ graph: ModuleGraph, format: GraphFormat) throws -> String {
        switch format {
        case .mermaid: mermaid(graph)
        case .dot: dot(graph)
        case .json: try JSONReport.encode(graph)
        }
    }

    static func mermaid(_ graph: ModuleGraph) -> String {
        var lines = ["flowchart BT"]
        for group in graph.groups {
            lines.append("  subgraph \(group.id)[\"\(group.label)\"]")
            lines += group.nodes.map { "    \($0.id)" }
            lines.append("  end")
        }
        var violating: [Int] = []
        for (index, edge) in graph.edges.enumerated() {
            if edge.violations.isEmpty {
                lines.append("  \(edge.from) --> \(edge.to)")
            } else {
                violating.append(index)
                let arrow = edge.declared ? "-->" : "-.->"
                lines.append("  \(edge.from) \(arrow)|\"✗ \(edge.violations.joined(separator: ", "))\"| \(edge.to)")
            }
        }
        for layer in graph.layers where graph.nodes.contains(where: { $0.layer == layer }) {
            let name = "L_" + ModuleGraph.identifier(layer)
            lines.append("  classDef \(name) fill:\(graph.colour(of: layer)),stroke:#555")
            lines.append("  class \(graph.nodes.filter { $0.layer == layer }.map(\.id).joined(separator: ",")) \(name)")
        }
        if !violating.isEmpty {
            lines.append(
                "  linkStyle \(violating.map(String.init).joined(separator: ",")) stroke:#d00,stroke-width:2px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func dot(_ graph: ModuleGraph) -> String {
        var lines = [
            "digraph strata {", "  rankdir=BT;",
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];",
        ]
        for group in graph.groups {
            lines.append("  subgraph \"cluster_\(group.id)\" {")
            lines.append("    label=\"\(group.label)\";")
            for node in group.nodes {
                lines.append(
                    "    \"\(node.id)\" [fillcolor=\"\(graph.colour(of: node.layer))\", tooltip=\"\(node.layer ?? "no layer")\"];"
                )
            }
            lines.append("  }")
        }
        for edge in graph.edges {
            var attributes: [String] = []
            if !edge.violations.isEmpty {
                attributes += [
                    "color=\"#dd0000\"", "penwidth=2", "label=\"✗ \(edge.violations.joined(separator: ", "))\"",
                ]
            }
            if !edge.declared { attributes.append("style=dashed") }
            lines.append(
                "  \"\(edge.from)\" -> \"\(edge.to)\"\(attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]");"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Replaces the text between `<!-- strata:graph:begin -->` and `<!-- strata:graph:end -->` with a Mermaid block.
    public static func replacingDiagram(in document: String, with mermaid: String) -> String? {
        DocumentBlocks.replacing(DocumentBlocks.graph, in: document, with: "```mermaid\n" + mermaid + "```\n")
    }
}
