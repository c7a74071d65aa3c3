/// What every check reads: the package, its rules resolved, and the imports of every file.
struct LintContext: Sendable {
    let graph: PackageGraph
    let rules: Rules
    let classification: Classification
    let policy: Policy
    let files: [String: [ScannedFile]]
    /// The `requires` and `forbidden_text` rules, resolved.
    let sourceRules: SourceRules
    /// The manifest's path relative to the package root, where declared-dependency findings point.
    let manifest = "Package.swift"
    /// Targets imported by a module name other than their own (see `PackageGraph.targetsByModule`).
    let targetsByModule: [String: String]

    /// The target an import of `module` reaches: the one whose module it is, else `module` itself.
    func target(imported module: String) -> String { targetsByModule[module] ?? module }
}

/// One kind of architecture check: it reads the context and returns what it finds.
protocol Check: Sendable {
    func run(_ context: LintContext) -> [Finding]
}

/// Every target belongs to a layer; every feature has its required layers; enough features exist.
struct ClassificationCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for target in context.graph.targets where context.classification[target.name] == nil {
            findings.append(
                Finding(
                    rule: BuiltInRule.unclassifiedTarget.id,
                    message:
                        "target \(target.name) belongs to no layer of \(context.rules.file); add it to a layer's targets, paths or kinds",
                    target: target.name, file: context.manifest))
        }
        let features = context.classification.features
        for (index, layer) in context.rules.layers.enumerated()
        where layer.isFeatureLayer && !layer.optional && !layer.isTests {
            let present = Set(
                context.classification.assignments.values.filter { $0.layer == index }.compactMap(\.feature))
            for feature in features where !present.contains(feature) {
                findings.append(
                    Finding(
                        rule: BuiltInRule.missingLayer.id,
                        message:
                            "feature \(feature) has no \(layer.name) layer; add its target or mark the layer `optional: true`",
                        target: feature, dependency: layer.name, file: context.rules.file, line: layer.place.line,
                        column: layer.place.column))
            }
        }
        let minimum = context.rules.features.minimum ?? (context.rules.layers.contains(where: \.isFeatureLayer) ? 1 : 0)
        if features.count < minimum {
            let place = context.rules.features.minimumPlace
            findings.append(
                Finding(
                    rule: BuiltInRule.tooFewFeatures.id,
                    message:
                        "found \(features.count) feature(s), the rules require at least \(minimum); check the {feature} patterns",
                    target: context.graph.name, file: context.rules.file, line: place?.line, column: place?.column))
        }
        return findings
    }
}

/// Declared dependencies the rules forbid (layers, independence, isolation, forbidden edges).
struct DeclaredDependencyCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        context.graph.targets.flatMap { target in
            target.dependencies.compactMap { dependency -> Finding? in
                guard
                    let verdict = context.policy.verdict(
                        from: target.name, to: dependency.name, layerRule: BuiltInRule.layerDependency.id,
                        verb: "depends on")
                else { return nil }
                return Finding(
                    rule: verdict.rule, severity: verdict.severity,
                    message: verdict.explanation + "; else remove the dependency from Package.swift",
                    target: target.name, dependency: dependency.name, file: context.manifest)
            }
        }
    }
}

/// Imports the rules forbid, and imports of the package's modules the target does not declare.
struct ImportCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        let products = context.graph.productNames
        var findings: [Finding] = []
        for target in context.graph.targets {
            let declared = Set(target.dependencies.map(\.name))
            for file in context.files[target.name] ?? [] {
                for statement in file.imports {
                    let module = context.target(imported: statement.module)
                    guard module != target.name else { continue }
                    let verdict = context.policy.verdict(
                        from: target.name, to: module, layerRule: BuiltInRule.layerImport.id, verb: "imports")
                    if let verdict {
                        findings.append(
                            Finding(
                                rule: verdict.rule, severity: verdict.severity, message: verdict.explanation,
                                target: target.name, dependency: module,
                                file: file.path, line: statement.line, column: statement.column))
                    }
                    // A warning (an unlisted product under version 1) hides no error.
                    if verdict?.severity ?? .warning == .warning, !declared.contains(module),
                        context.policy.targetNames.contains(module) || products.contains(module)
                    {
                        findings.append(
                            Finding(
                                rule: BuiltInRule.implicitDependency.id,
                                message:
                                    "\(target.name) imports \(Self.named(statement.module, module)) but does not declare it; add \"\(module)\" to the target's dependencies in Package.swift",
                                target: target.name, dependency: module, file: file.path, line: statement.line,
                                column: statement.column))
                    }
                }
            }
        }
        return findings
    }

    /// The imported module as written, with its target's name when that differs.
    static func named(_ module: String, _ target: String) -> String {
        module == target ? module : "\(module) (target \(target))"
    }
}

/// Declared dependencies on the package's own modules that no source file imports (warnings).
///
/// A macro target counts as used by the `#externalMacro(module:…)` that names it, and a C or
/// system library target by an import of the module its module map declares.
struct UnusedDependencyCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for target in context.graph.targets {
            guard let files = context.files[target.name], !files.isEmpty,
                let assignment = context.classification[target.name],
                context.rules.layers[assignment.layer].reportsUnused
            else { continue }
            let imported = Set(
                files.flatMap { ($0.imports + $0.externalMacros).map { context.target(imported: $0.module) } })
            for dependency in target.dependencies where !dependency.isProduct && !imported.contains(dependency.name) {
                guard context.graph.target(named: dependency.name)?.isImportable == true else { continue }
                findings.append(
                    Finding(
                        rule: BuiltInRule.unusedDependency.id, severity: .warning,
                        message:
                            "\(target.name) declares \(dependency.name) but no source file imports it; remove it from Package.swift",
                        target: target.name, dependency: dependency.name, file: context.manifest))
            }
        }
        return findings
    }
}

/// Cycles among the package's targets, through declared dependencies and imports.
struct CycleCheck: Check {
    func run(_ context: LintContext) -> [Finding] {
        let names = context.policy.targetNames
        var edges: [String: Set<String>] = [:]
        for target in context.graph.targets {
            var next = Set(target.dependencies.map(\.name).filter(names.contains))
            for file in context.files[target.name] ?? [] {
                next.formUnion(
                    file.imports.map { context.target(imported: $0.module) }.filter {
                        names.contains($0) && $0 != target.name
                    })
            }
            edges[target.name] = next
        }
        return StronglyConnected.components(nodes: context.graph.targets.map(\.name), edges: edges)
            .filter { $0.count > 1 || (edges[$0[0]]?.contains($0[0]) ?? false) }
            .map { component in
                let members = component.sorted()
                let cycle = StronglyConnected.cycle(through: members[0], within: Set(members), edges: edges)
                return Finding(
                    rule: BuiltInRule.dependencyCycle.id,
                    message:
                        "dependency cycle: \(cycle.joined(separator: " -> ")); break it by moving the shared part into a lower layer",
                    target: members[0], dependency: members.dropFirst().joined(separator: ","), file: context.manifest)
            }
    }
}

/// Tarjan's strongly connected components, and one cycle through a node of a component.
enum StronglyConnected {
    static func components(nodes: [String], edges: [String: Set<String>]) -> [[String]] {
        var index = 0
        var indices: [String: Int] = [:]
        var lowlinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack = Set<String>()
        var result: [[String]] = []
        func connect(_ node: String) {
            indices[node] = index
            lowlinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for next in (edges[node] ?? []).sorted() {
                if indices[next] == nil {
                    connect(next)
                    lowlinks[node] = min(lowlinks[node] ?? 0, lowlinks[next] ?? 0)
                } else if onStack.contains(next) {
                    lowlinks[node] = min(lowlinks[node] ?? 0, indices[next] ?? 0)
                }
            }
            if lowlinks[node] == indices[node] {
                var component: [String] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                result.append(component)
            }
        }
        for node in nodes where indices[node] == nil { connect(node) }
        return result
    }

    /// The shortest cycle from `start` back to itself inside `within`, by breadth-first search.
    static func cycle(through start: String, within: Set<String>, edges: [String: Set<String>]) -> [String] {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in (edges[node] ?? []).sorted() where within.contains(next) {
                if next == start {
                    var path = [node]
                    while let before = previous[path[0]] { path.insert(before, at: 0) }
                    return path + [start]
                }
                if previous[next] == nil, next != start {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return [start, start]
    }
}
