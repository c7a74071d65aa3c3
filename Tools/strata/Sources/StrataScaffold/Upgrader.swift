import Foundation

/// `strata upgrade`: plan every feature's three-way merge first, then apply all of it or none.
extension Scaffolder {
    /// Every generated feature's record and where it lives, by feature name.
    ///
    /// - Throws: `StrataError.badData` for a record that cannot be read.
    public func generatedFeatures() throws -> [(path: String, record: GenerationRecord)] {
        let manager = FileManager.default
        let modules = root.url.appendingPathComponent("Modules")
        var paths = ((try? manager.contentsOfDirectory(atPath: modules.path)) ?? []).map {
            GenerationRecord.path(for: $0, featureList: true)
        }.filter { PackageRoot.exists(root.url.appendingPathComponent($0)) }
        let folder = root.url.appendingPathComponent(GenerationRecord.folder)
        paths += ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.map {
            "\(GenerationRecord.folder)/\($0)"
        }
        return try paths.map { path in
            guard let data = manager.contents(atPath: try root.inside(path).path) else {
                throw StrataError.storage("cannot read \(path); check its permissions")
            }
            return (path, try GenerationRecord.decode(data, path: path))
        }.sorted { $0.record.feature < $1.record.feature }
    }

    /// Everything `strata upgrade` would do to `features`, each rendered with the set `templates` gives for its record.
    ///
    /// - Throws: `.badData` for a template that does not render, `.validation` when the manifest cannot take a new target.
    public func planUpgrade(
        _ features: [(path: String, record: GenerationRecord)], templates: (GenerationRecord) throws -> TemplateSet
    ) throws -> UpgradePlan {
        let manifestBefore = try read("Package.swift")
        let rulesBefore = PackageRoot.exists(try root.inside("strata.yml")) ? try read("strata.yml") : nil
        var manifest = manifestBefore
        var rules = rulesBefore
        var existing: Set<String>?
        var upgrades: [FeatureUpgrade] = []
        var targets: [String] = []
        for (path, record) in features {
            let upgrader = FeatureUpgrader(
                root: root, formatter: formatter, record: record, recordPath: path, templates: try templates(record))
            let (upgrade, added) = try upgrader.plan(manifest: &manifest, rules: &rules) {
                if let existing { return existing }
                let names = Set(try validator.summary(of: root.url).targets)
                existing = names
                return names
            }
            upgrades.append(upgrade)
            targets += added
        }
        return UpgradePlan(
            features: upgrades, manifestBefore: manifestBefore, manifestAfter: manifest, rulesBefore: rulesBefore,
            rulesAfter: rules == rulesBefore ? nil : rules, targets: targets)
    }

    /// Writes the plan: merged, added and deleted files, the manifest, strata.yml; SwiftPM must then
    /// list the new targets; the records go last.
    ///
    /// A record says what the tree already holds, so it is written only once everything else is:
    /// a run killed part way leaves records that still name the old version, and the next
    /// `upgrade` (or `upgrade --check`) sees the features behind and finishes the job.
    ///
    /// - Throws: the first failure, after rolling every change back.
    public func apply(_ plan: UpgradePlan) throws {
        let transaction = FileTransaction(root: root, beforeStep: beforeStep)
        do {
            for feature in plan.features {
                for file in feature.files {
                    let url = try root.inside(file.path)
                    switch file.write {
                    case .create(let data):
                        try transaction.createParentDirectories(of: url)
                        try transaction.createFile(url, contents: data)
                    case .replace(let data): try transaction.replaceFile(url, with: data)
                    case .delete: try transaction.deleteFile(url)
                    case nil: break
                    }
                }
            }
            if plan.manifestAfter != plan.manifestBefore {
                try transaction.replaceFile(root.manifest, with: Data(plan.manifestAfter.utf8))
            }
            if let rules = plan.rulesAfter {
                try transaction.replaceFile(try root.inside("strata.yml"), with: Data(rules.utf8))
            }
            if plan.manifestAfter != plan.manifestBefore {
                try transaction.check("check Package.swift with SwiftPM") {
                    let listed = Set(try validator.summary(of: root.url).targets)
                    let absent = plan.targets.filter { !listed.contains($0) }
                    guard absent.isEmpty else {
                        throw StrataError.validation(
                            "after the edit SwiftPM does not list \(Self.list(absent)); check the template's modules")
                    }
                }
            }
            for feature in plan.features {
                if let record = feature.record {
                    try transaction.replaceFile(try root.inside(feature.recordPath), with: record)
                }
            }
        } catch {
            throw Self.rolledBack(error, transaction)
        }
    }
}
