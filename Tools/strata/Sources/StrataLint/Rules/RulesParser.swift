import Yams

/// Reads `strata.yml`; every error names the line and column that is wrong.
public enum RulesParser {
    /// Parses the rules in `text`; `file` is the path shown in error messages.
    public static func parse(_ text: String, file: String) throws -> Rules {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, file: file)
        }
        guard let root else {
            throw ConfigError(
                file: file, line: 1, column: 1, "the rules file is empty; see docs/StrataLint.md for its format")
        }
        return try Reader(file: file).rules(root)
    }

    /// One line at the place the YAML is wrong: never Yams' multi-line description, which
    /// quotes the source (for a duplicate key, the whole mapping).
    static func yamlError(_ error: YamlError, file: String) -> ConfigError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return ConfigError(file: file, line: mark.line, column: mark.column, "invalid YAML: \(oneLine(problem))")
        case .reader(let problem, let offset, _, let yaml):
            let (line, column) = offset.map { place(ofOffset: $0, in: yaml) } ?? (1, 1)
            return ConfigError(file: file, line: line, column: column, "invalid YAML: \(oneLine(problem))")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.sorted().first ?? ""
            let line = secondOccurrence(of: key, mappingAt: context.mark, in: context.text) ?? context.mark.line
            return ConfigError(
                file: file, line: line, column: context.mark.column,
                "the key '\(oneLine(key))' appears twice in one mapping; keep one")
        default:
            return ConfigError(file: file, line: 1, column: 1, "invalid YAML: \(oneLine(String(describing: error)))")
        }
    }

    /// The first line of `text`, at most 200 characters.
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }

    /// The 1-based line and column of byte `offset` (libyaml's reader counts bytes).
    static func place(ofOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        var (line, column) = (1, 1)
        for byte in text.utf8.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The line of the second `key:` among the keys of the block mapping that starts at `mark`.
    static func secondOccurrence(of key: String, mappingAt mark: Mark, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var seen = false
        for (index, line) in lines.enumerated().dropFirst(max(0, mark.line - 1)) {
            // Where the line's key starts: after indentation and, on the mapping's first line, a "- ".
            var start = line.prefix { $0 == " " }.count
            if line.dropFirst(start).hasPrefix("- ") { start += 2 }
            let content = line.dropFirst(start)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if index + 1 > mark.line, start + 1 < mark.column { return nil }  // the mapping has ended
            guard start + 1 == mark.column, content.hasPrefix("\(key):") else { continue }
            if seen { return index + 1 }
            seen = true
        }
        return nil
    }
}

/// Typed access to YAML nodes that reports where a wrong value is.
private struct Reader {
    let file: String

    func place(_ node: Node) -> Rules.Place {
        Rules.Place(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func error(_ node: Node, _ message: String) -> ConfigError {
        let place = place(node)
        return ConfigError(file: file, line: place.line, column: place.column, message)
    }

    /// The entries of a mapping, rejecting keys not in `allowed` (a typo must not pass silently).
    func mapping(_ node: Node, _ what: String, allowed: [String]) throws -> [String: (key: Node, value: Node)] {
        guard let mapping = node.mapping else {
            throw error(node, "\(what) must be a mapping of \(allowed.joined(separator: ", "))")
        }
        var entries: [String: (key: Node, value: Node)] = [:]
        for (key, value) in mapping {
            guard let name = key.string, allowed.contains(name) else {
                throw error(
                    key,
                    "unknown key '\(key.string ?? "?")' in \(what); expected one of \(allowed.joined(separator: ", "))")
            }
            entries[name] = (key, value)
        }
        return entries
    }

    func string(_ node: Node, _ what: String) throws -> String {
        guard let scalar = node.scalar, !scalar.string.isEmpty else {
            throw error(node, "\(what) must be a non-empty string")
        }
        return scalar.string
    }

    func bool(_ node: Node, _ what: String) throws -> Bool {
        guard let value = node.bool else { throw error(node, "\(what) must be true or false") }
        return value
    }

    /// A string or a list of strings, each with its place.
    func strings(_ node: Node, _ what: String) throws -> [(name: String, place: Rules.Place)] {
        if node.scalar != nil { return [(try string(node, what), place(node))] }
        guard let sequence = node.sequence else { throw error(node, "\(what) must be a string or a list of strings") }
        return try sequence.map { (try string($0, what), place($0)) }
    }

    func pattern(_ text: String, _ node: Node, _ what: String) throws -> NamePattern {
        guard let pattern = NamePattern(text) else {
            throw error(
                node,
                "\(what) '\(text)' is not a valid pattern: use literal text, *, and at most one {feature} or {target}")
        }
        return pattern
    }

    func rules(_ root: Node) throws -> Rules {
        let top = try mapping(
            root, "the rules file",
            allowed: [
                "version", "features", "conditions", "layers", "forbidden", "forbidden_text", "declarations",
                "exceptions", "baseline",
            ])
        var version = 1
        if let entry = top["version"] {
            guard let number = entry.value.int, Rules.versions.contains(number) else {
                throw error(
                    entry.value,
                    "unsupported version '\(entry.value.string ?? "?")'; this strata reads versions \(Rules.versions.map(String.init).joined(separator: " and "))"
                )
            }
            version = number
        }
        guard let layerList = top["layers"] else {
            throw error(root, "the rules file has no `layers`; declare at least one layer")
        }
        guard let layerNodes = layerList.value.sequence, !layerNodes.isEmpty else {
            throw error(layerList.value, "`layers` must be a non-empty list of layers")
        }
        var layers: [Rules.Layer] = []
        for node in layerNodes {
            let layer = try self.layer(node)
            if layers.contains(where: { $0.name == layer.name }) {
                throw error(node, "layer '\(layer.name)' is declared twice")
            }
            layers.append(layer)
        }
        let forbidden = try (top["forbidden"].map { try list($0.value, "forbidden") } ?? []).map(forbidden)
        let forbiddenText = try (top["forbidden_text"].map { try list($0.value, "forbidden_text") } ?? []).map(
            forbiddenText)
        let declarations = try (top["declarations"].map { try list($0.value, "declarations") } ?? []).map(
            declarationRule)
        var ids = Set(RuleCatalog.descriptions.keys)
        let places =
            forbidden.map { ($0.id, $0.place) } + forbiddenText.map { ($0.id, $0.place) }
            + declarations.map { ($0.id, $0.place) }
        for (id, node) in places {
            guard ids.insert(id).inserted else {
                throw ConfigError(
                    file: file, line: node.line, column: node.column,
                    "rule id '\(id)' is already used; give every rule its own id")
            }
        }
        return Rules(
            version: version,
            versionPlace: top["version"].map { place($0.value) },
            layers: layers,
            features: try top["features"].map { try features($0.value) } ?? Rules.Features(),
            forbidden: forbidden,
            forbiddenText: forbiddenText,
            declarations: declarations,
            exceptions: try (top["exceptions"].map { try list($0.value, "exceptions") } ?? []).map(exception),
            conditions: try top["conditions"].map { try conditions($0.value) } ?? Builds(),
            file: file,
            baseline: try top["baseline"].map { try string($0.value, "`baseline`") })
    }

    func list(_ node: Node, _ what: String) throws -> [Node] {
        guard let sequence = node.sequence else { throw error(node, "`\(what)` must be a list") }
        return Array(sequence)
    }

    func layer(_ node: Node) throws -> Rules.Layer {
        let entries = try mapping(
            node, "a layer",
            allowed: [
                "name", "targets", "paths", "kinds", "may_use", "toolchain", "optional", "tests", "unused", "requires",
            ])
        guard let name = entries["name"] else { throw error(node, "a layer needs a `name`") }
        var selectors: [(selector: Rules.Selector, place: Rules.Place)] = []
        for (key, make) in [("targets", Rules.Selector.name), ("paths", Rules.Selector.path)] {
            for entry in try entries[key].map({ try strings($0.value, "`\(key)`") }) ?? [] {
                selectors.append(
                    (make(try pattern(entry.name, entries[key]?.value ?? node, "`\(key)` entry")), entry.place))
            }
        }
        for entry in try entries["kinds"].map({ try strings($0.value, "`kinds`") }) ?? [] {
            selectors.append((.kind(entry.name), entry.place))
        }
        guard !selectors.isEmpty else {
            throw error(node, "layer needs `targets`, `paths` or `kinds` saying which targets it holds")
        }
        var reportsUnused = true
        if let unused = entries["unused"] {
            switch try string(unused.value, "`unused`") {
            case "warn": reportsUnused = true
            case "ignore": reportsUnused = false
            default: throw error(unused.value, "`unused` must be warn or ignore")
            }
        }
        let requires = try entries["requires"].map { try strings($0.value, "`requires`") } ?? []
        if let bad = requires.first(where: { !Self.isTypeNamePattern($0.name) }) {
            throw ConfigError(
                file: file, line: bad.place.line, column: bad.place.column,
                "`requires` entry '\(bad.name)' is not a type name: use an identifier, optionally with {feature} and {target}"
            )
        }
        let layerName = try string(name.value, "a layer's `name`")
        let mayUse = try entries["may_use"].map { try strings($0.value, "`may_use`") } ?? []
        var listed = Set<String>()
        for entry in mayUse {
            if entry.name == layerName {
                throw ConfigError(
                    file: file, line: entry.place.line, column: entry.place.column,
                    "layer '\(layerName)' names itself in its may_use; the targets of a layer may always use one another, so remove it"
                )
            }
            guard listed.insert(entry.name).inserted else {
                throw ConfigError(
                    file: file, line: entry.place.line, column: entry.place.column,
                    "layer '\(layerName)' names '\(entry.name)' twice in its may_use; keep one")
            }
        }
        return Rules.Layer(
            name: layerName,
            selectors: selectors,
            mayUse: mayUse,
            toolchain: try entries["toolchain"].map { try toolchain($0.value, layer: layerName) } ?? .all,
            optional: try entries["optional"].map { try bool($0.value, "`optional`") } ?? false,
            isTests: try entries["tests"].map { try bool($0.value, "`tests`") } ?? false,
            reportsUnused: reportsUnused,
            requires: requires,
            place: place(node))
    }

    /// `all`, `none`, or the toolchain modules a layer may import, each a module the toolchain ships.
    func toolchain(_ node: Node, layer: String) throws -> Rules.Toolchain {
        if let scalar = node.scalar, ["all", "none"].contains(scalar.string) {
            return scalar.string == "all" ? .all : .only([])
        }
        let modules = try strings(node, "`toolchain`")
        for module in modules where !ToolchainModules.contains(module.name) {
            throw ConfigError(
                file: file, line: module.place.line, column: module.place.column,
                "layer '\(layer)': toolchain entry '\(module.name)' is no module of the toolchain or a platform SDK; list a package's product in may_use"
            )
        }
        return .only(modules)
    }

    /// Whether `text` is an identifier once `{feature}` and `{target}` are filled in.
    static func isTypeNamePattern(_ text: String) -> Bool {
        let filled = text.replacingOccurrences(of: "{feature}", with: "F").replacingOccurrences(
            of: "{target}", with: "T")
        guard let first = filled.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return filled.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    func features(_ node: Node) throws -> Rules.Features {
        let entries = try mapping(node, "`features`", allowed: ["independent", "isolated", "minimum"])
        var features = Rules.Features()
        if let value = entries["independent"] { features.independent = try bool(value.value, "`independent`") }
        if let value = entries["isolated"] { features.isolated = try bool(value.value, "`isolated`") }
        if let value = entries["minimum"] {
            guard let minimum = value.value.int, minimum >= 0 else {
                throw error(value.value, "`minimum` must be a whole number, 0 or more")
            }
            features.minimum = minimum
            features.minimumPlace = place(value.value)
        }
        return features
    }

    func conditions(_ node: Node) throws -> Builds {
        let entries = try mapping(node, "`conditions`", allowed: ["os", "swift", "flags"])
        var conditions = Builds()
        if let os = entries["os"] {
            let name = try string(os.value, "`os`")
            // os() compares names exactly: a misspelt one would silently drop every platform branch.
            guard name == "any" || PlatformModules.systems.contains(name) else {
                throw error(
                    os.value,
                    "`os` must be any or a name os() accepts: \(PlatformModules.systems.sorted().joined(separator: ", "))"
                )
            }
            conditions.os = name == "any" ? nil : name
        }
        if let swift = entries["swift"] {
            let parts = try string(swift.value, "`swift`").split(separator: ".").map { Int($0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else {
                throw error(swift.value, "`swift` must be a version such as \"6.3\"")
            }
            conditions.swiftVersion = parts.compactMap { $0 }
        }
        if let flags = entries["flags"] {
            guard let mapping = flags.value.mapping else {
                throw error(flags.value, "`flags` must map flag names to true or false")
            }
            for (key, value) in mapping {
                conditions.flags[try string(key, "a flag name")] = try bool(value, "a flag's value")
            }
        }
        return conditions
    }

    func forbidden(_ node: Node) throws -> Rules.Forbidden {
        let entries = try mapping(node, "a forbidden rule", allowed: ["id", "from", "to", "reason"])
        guard let id = entries["id"], let from = entries["from"], let to = entries["to"] else {
            throw error(node, "a forbidden rule needs `id`, `from`, `to` and `reason`")
        }
        guard let reason = entries["reason"] else {
            throw error(node, "forbidden rule needs a `reason`: say why the edge is forbidden")
        }
        return Rules.Forbidden(
            id: try string(id.value, "`id`"), from: try strings(from.value, "`from`"),
            to: try strings(to.value, "`to`"),
            reason: try string(reason.value, "`reason`"), place: place(node))
    }

    func forbiddenText(_ node: Node) throws -> Rules.ForbiddenText {
        let entries = try mapping(node, "a forbidden_text rule", allowed: ["id", "in", "except", "pattern", "reason"])
        guard let id = entries["id"], let targets = entries["in"], let pattern = entries["pattern"] else {
            throw error(node, "a forbidden_text rule needs `id`, `in`, `pattern` and `reason`")
        }
        guard let reason = entries["reason"] else {
            throw error(node, "forbidden_text rule needs a `reason`: say why the text is forbidden")
        }
        return Rules.ForbiddenText(
            id: try string(id.value, "`id`"), targets: try strings(targets.value, "`in`"),
            except: try entries["except"].map { try strings($0.value, "`except`") } ?? [],
            patterns: try strings(pattern.value, "`pattern`").map { (text: $0.name, place: $0.place) },
            reason: try string(reason.value, "`reason`"), place: place(node))
    }

    func declarationRule(_ node: Node) throws -> Rules.DeclarationRule {
        let entries = try mapping(
            node, "a declarations rule", allowed: ["id", "in", "except", "select", "require", "forbid", "reason"])
        guard let id = entries["id"], let targets = entries["in"] else {
            throw error(node, "a declarations rule needs `id`, `in`, `require` or `forbid`, and `reason`")
        }
        guard let reason = entries["reason"] else {
            throw error(node, "declarations rule needs a `reason`: say why the rule holds")
        }
        guard entries["require"] != nil || entries["forbid"] != nil else {
            throw error(node, "a declarations rule needs `require` (what selected types must be) or `forbid`")
        }
        let publicTypes = entries["forbid"]?.value.mapping?["public_types_from"] != nil
        if let select = entries["select"], entries["require"] == nil, !publicTypes {
            throw error(
                select.key,
                "`select` chooses the types `require` and `forbid: public_types_from` apply to; add one or remove `select`"
            )
        }
        return Rules.DeclarationRule(
            id: try string(id.value, "`id`"), targets: try strings(targets.value, "`in`"),
            except: try entries["except"].map { try strings($0.value, "`except`") } ?? [],
            select: try entries["select"].map { try selection($0.value) } ?? .init(),
            require: try entries["require"].map { try requirement($0.value) },
            forbid: try entries["forbid"].map { try prohibition($0.value) },
            reason: try string(reason.value, "`reason`"), place: place(node))
    }

    static let typeKinds = Rules.DeclarationRule.typeKinds

    func kinds(_ node: Node, _ what: String) throws -> [String] {
        try strings(node, what).map { kind, place in
            guard Self.typeKinds.contains(kind) else {
                throw ConfigError(
                    file: file, line: place.line, column: place.column,
                    "\(what) '\(kind)' is not a kind of type; use \(Self.typeKinds.joined(separator: ", "))")
            }
            return kind
        }
    }

    func selection(_ node: Node) throws -> Rules.DeclarationRule.Selection {
        let entries = try mapping(node, "`select`", allowed: ["kind", "name"])
        return .init(
            kinds: try entries["kind"].map { try kinds($0.value, "`select.kind`") } ?? [],
            names: try entries["name"].map { entry in
                try strings(entry.value, "`select.name`").map { text, _ in
                    try pattern(text, entry.value, "`select.name`")
                }
            } ?? [])
    }

    func requirement(_ node: Node) throws -> Rules.DeclarationRule.Requirement {
        let entries = try mapping(
            node, "`require`", allowed: ["kind", "conforms_to", "attributes", "final", "sendable"])
        guard !entries.isEmpty else { throw error(node, "`require` needs at least one of its keys") }
        return .init(
            kinds: try entries["kind"].map { try kinds($0.value, "`require.kind`") } ?? [],
            conformsTo: try entries["conforms_to"].map { try strings($0.value, "`conforms_to`").map(\.name) } ?? [],
            attributes: try entries["attributes"].map {
                try strings($0.value, "`attributes`").map {
                    $0.name.hasPrefix("@") ? String($0.name.dropFirst()) : $0.name
                }
            } ?? [],
            isFinal: try entries["final"].map { try bool($0.value, "`final`") } ?? false,
            isSendable: try entries["sendable"].map { try bool($0.value, "`sendable`") } ?? false)
    }

    func prohibition(_ node: Node) throws -> Rules.DeclarationRule.Prohibition {
        let entries = try mapping(node, "`forbid`", allowed: ["references", "mutable_state", "public_types_from"])
        guard !entries.isEmpty else { throw error(node, "`forbid` needs at least one of its keys") }
        let references = try entries["references"].map { entry in
            try strings(entry.value, "`references`").map { text, place in
                guard let pattern = ReferencePattern(text) else {
                    throw ConfigError(
                        file: file, line: place.line, column: place.column,
                        "reference '\(text)' is not a name, a call or a member; write it as Name, Name() or Name.member"
                    )
                }
                return (pattern, place)
            }
        }
        return .init(
            references: references ?? [],
            mutableState: try entries["mutable_state"].map { try bool($0.value, "`mutable_state`") } ?? false,
            publicTypesFrom: try entries["public_types_from"].map { try strings($0.value, "`public_types_from`") }
                ?? [])
    }

    func exception(_ node: Node) throws -> Rules.Exception {
        let entries = try mapping(node, "an exception", allowed: ["rule", "from", "to", "file", "reason"])
        guard let reason = entries["reason"] else {
            throw error(node, "exception needs a `reason`: say why the violation is accepted")
        }
        func optionalPattern(_ key: String) throws -> NamePattern? {
            guard let entry = entries[key] else { return nil }
            return try pattern(try string(entry.value, "`\(key)`"), entry.value, "`\(key)`")
        }
        let exception = Rules.Exception(
            rule: try entries["rule"].map { try string($0.value, "`rule`") },
            from: try optionalPattern("from"), to: try optionalPattern("to"), file: try optionalPattern("file"),
            reason: try string(reason.value, "`reason`"), place: place(node))
        guard exception.from != nil || exception.to != nil || exception.file != nil else {
            throw error(node, "exception must say what it accepts: give `from`, `to` or `file`")
        }
        return exception
    }
}
