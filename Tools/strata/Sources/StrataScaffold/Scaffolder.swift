import Foundation

/// `strata new` and `strata remove`: plan every change first, then apply all of it or none.
///
/// A plan is computed without touching the tree (so `--dry-run` is the plan, printed). Applying
/// runs in a `FileTransaction`: folders and files are created, the manifest is edited, SwiftPM
/// reads the result, and any failure rolls everything back.
public struct Scaffolder {
    /// The package being changed.
    public let root: PackageRoot
    let validator: any ManifestValidator
    let formatter: any SourceFormatter
    private let probe: any TypeProbe
    /// Called before every step of an apply; tests throw from it to inject failures.
    var beforeStep: (String) throws -> Void = { _ in }

    /// Creates a scaffolder for the package at `root`, judging manifests with `validator` and
    /// formatting generated sources with `formatter`.
    public init(
        root: PackageRoot, validator: any ManifestValidator = SwiftPMValidator(),
        formatter: any SourceFormatter = SwiftFormatFormatter(), probe: any TypeProbe = CompilerTypeProbe()
    ) {
        self.root = root
        self.validator = validator
        self.formatter = formatter
        self.probe = probe
    }

    // MARK: - new

    /// Everything `strata new` would do for `name` with `templates`, checked but not done.
    ///
    /// - Throws: `.usage` for a bad name, `.conflict` when a file, target or product exists,
    ///   `.validation` when the manifest cannot take the entry, `.badData` for a broken template.
    public func planNew(_ name: String, templates: TemplateSet) throws -> NewFeaturePlan {
        let feature = try FeatureName(name)
        var rendered = try templates.render(feature)
        let formatting: FormattingOutcome
        (rendered.files, formatting) = formatter.format(rendered.files, root: root.url)
        let manifestBefore = try read("Package.swift")
        if rendered.manifestEntry != nil || !rendered.modules.isEmpty {
            try root.refuseVersionedManifests(
                advice:
                    "strata new edits only Package.swift; nothing was written; add the feature to that file by hand, or fold it into Package.swift and delete it"
            )
        }
        let manifestAfter: String
        var manifestLine: String?
        var edits: [TextEdit] = []
        if let entry = rendered.manifestEntry {
            let list = FeatureList(text: manifestBefore)
            if list.declares(feature.name) {
                throw StrataError.conflict(
                    "Package.swift already has a feature named \(feature.name); choose another name")
            }
            (manifestAfter, manifestLine) = try list.inserting(entry, template: templates.description.name)
        } else if !rendered.modules.isEmpty {
            do {
                manifestAfter = try ManifestEditor.addingTargets(
                    rendered.modules.map(\.manifestEntry), to: manifestBefore)
            } catch {
                throw StrataError.validation(
                    "\(error); nothing was written; add the targets \(rendered.modules.map(\.name).joined(separator: ", ")) by hand"
                )
            }
            edits.append(TextEdit(file: "Package.swift", old: manifestBefore, new: manifestAfter))
        } else {
            manifestAfter = manifestBefore
        }
        let rulesPath = "strata.yml"
        let rulesBefore = PackageRoot.exists(try root.inside(rulesPath)) ? try read(rulesPath) : nil
        let rulesAfter = try rulesBefore.flatMap {
            try RulesLayers.adding(templates.description.layers, to: $0, template: templates.description.name)
        }
        if let rulesBefore, let rulesAfter {
            edits.append(TextEdit(file: rulesPath, old: rulesBefore, new: rulesAfter))
        }
        let existing = try validator.summary(of: root.url)
        try NameClashes(probe: probe).check(rendered, name: feature, root: root.url, package: existing)
        var conflicts = rendered.targets.filter(existing.targets.contains).map { "target \($0)" }
        if let product = rendered.product, existing.products.contains(product) {
            conflicts.append("product \(product)")
        }
        let recordPath = GenerationRecord.path(for: feature.name, featureList: rendered.manifestEntry != nil)
        var directories: [String] = []
        // A feature owns its folders (Modules/<Name>, Apps/<app>, Sources/<Target>, Tests/<Target>):
        // never write into an existing one. A set of files alone adds to folders that exist; records share theirs.
        let ownsFolders = rendered.manifestEntry != nil || !rendered.modules.isEmpty
        for path in rendered.files.map(\.path) + [recordPath] {
            let url = try root.inside(path)
            let owned = path.split(separator: "/").prefix(2).joined(separator: "/")
            if ownsFolders, path != recordPath, path.split(separator: "/").count > 2,
                PackageRoot.exists(root.url.appendingPathComponent(owned))
            {
                if !conflicts.contains(owned) { conflicts.append(owned) }
            } else if PackageRoot.exists(url) {
                conflicts.append(path)
            }
            for folder in missingFolders(of: url) where !directories.contains(folder) { directories.append(folder) }
        }
        guard conflicts.isEmpty else {
            throw StrataError.conflict(
                "\(Self.list(conflicts)) already exist\(conflicts.count == 1 ? "s" : ""); nothing was written; choose another name or remove them"
            )
        }
        let record = GenerationRecord(
            feature: feature.name, app: feature.kebabCase, template: templates.description.name,
            templateVersion: templates.version, templateOrigin: templates.origin.description,
            manifestLine: manifestLine, edits: edits.isEmpty ? nil : edits, targets: rendered.targets,
            modules: rendered.modules.isEmpty ? nil : rendered.modules.map(\.manifestEntry),
            files: rendered.files.map { .init(path: $0.path, rendering: $0.contents) }, directories: directories)
        let files = rendered.files + [RenderedFile(path: recordPath, contents: try record.encoded())]
        return NewFeaturePlan(
            name: feature, template: templates.description.name, files: files, directories: directories,
            manifestBefore: manifestBefore, manifestAfter: manifestAfter, rulesBefore: rulesBefore,
            rulesAfter: rulesAfter, targets: rendered.targets, product: rendered.product,
            nextSteps: rendered.nextSteps, record: record, formatting: formatting)
    }

    /// Writes the plan: folders, files, the manifest entry; then SwiftPM must list the new targets.
    ///
    /// - Throws: the first failure, after rolling every change back.
    public func apply(_ plan: NewFeaturePlan) throws {
        let transaction = FileTransaction(root: root, beforeStep: beforeStep)
        do {
            for file in plan.files {
                let url = try root.inside(file.path)
                try transaction.createParentDirectories(of: url)
                try transaction.createFile(url, contents: file.contents)
            }
            if plan.manifestAfter != plan.manifestBefore {
                try transaction.replaceFile(root.manifest, with: Data(plan.manifestAfter.utf8))
            }
            if let rules = plan.rulesAfter {
                try transaction.replaceFile(try root.inside("strata.yml"), with: Data(rules.utf8))
            }
            try transaction.check("check Package.swift with SwiftPM") {
                let summary = try validator.summary(of: root.url)
                let missing = (plan.targets + (plan.product.map { [$0] } ?? [])).filter {
                    !summary.targets.contains($0) && !summary.products.contains($0)
                }
                guard missing.isEmpty else {
                    throw StrataError.validation(
                        "after the edit SwiftPM does not list \(Self.list(missing)); check the template's manifestEntry or modules"
                    )
                }
            }
        } catch {
            throw Self.rolledBack(error, transaction)
        }
    }

    // MARK: - remove

    /// Everything `strata remove` would do for `name`, checked but not done.
    ///
    /// - Throws: `.notFound` for a feature strata did not generate, `.conflict` naming the
    ///   generated files changed since (unless `force`).
    /// With the feature's template set from `templates` (nil when it is not available), the record
    /// may name only files that set makes for the feature.
    public func planRemove(
        _ name: String, force: Bool, templates: (GenerationRecord) -> TemplateSet? = { _ in nil }
    ) throws -> RemoveFeaturePlan {
        let feature = try FeatureName(name)
        let manifestBefore = try read("Package.swift")
        let candidates = [true, false].map { GenerationRecord.path(for: feature.name, featureList: $0) }
        guard let recordPath = try candidates.first(where: { PackageRoot.exists(try root.inside($0)) }),
            let data = FileManager.default.contents(atPath: try root.inside(recordPath).path)
        else {
            let known =
                FeatureList(text: manifestBefore).declares(feature.name)
                || PackageRoot.exists(root.url.appendingPathComponent("Modules/\(feature.name)"))
            throw StrataError.notFound(
                known
                    ? "strata did not generate \(feature.name) (there is no \(candidates[0])); remove it by hand"
                    : "there is no feature \(feature.name); run `strata new \(feature.name)` to make one")
        }
        let record = try GenerationRecord.decode(data, path: recordPath)
        if let set = templates(record) {
            try RecordScope(try set.render(feature), feature: feature, template: set.description.name)
                .check(record, data: data, recordPath: recordPath)
        } else {
            try RecordScope.checkPlain(record, data: data, recordPath: recordPath)
        }
        var changed: [String] = []
        var deletions: [String] = []
        for file in record.files {
            let url = try root.inside(file.path)
            guard let contents = FileManager.default.contents(atPath: url.path) else {
                changed.append("\(file.path) (deleted)")
                continue
            }
            if SHA256.hex(contents) != file.sha256 { changed.append("\(file.path) (modified)") }
            deletions.append(file.path)
        }
        let kept = try addedFiles(in: record, known: Set(record.files.map(\.path) + [recordPath]))
        changed += kept.map { "\($0) (added)" }
        var manifestAfter = manifestBefore
        if let line = record.manifestLine {
            let list = FeatureList(text: manifestBefore)
            do {
                manifestAfter = try list.removing(feature.name, recorded: line)
            } catch  where force {
                // Forced: drop whatever entry declares the feature now, if one still does.
                manifestAfter =
                    list.declares(feature.name) ? try list.removing(feature.name, recorded: nil) : manifestBefore
            } catch {
                changed.append("Package.swift (its \(feature.name) entry was edited)")
            }
        }
        var rulesBefore: String?
        var rulesAfter: String?
        for edit in record.edits ?? [] {
            let before = edit.file == "Package.swift" ? manifestAfter : try read(edit.file)
            // Another generated feature still uses the layers: they stay.
            if edit.file != "Package.swift", try otherRecords(than: recordPath) { continue }
            do {
                let after = try edit.undone(in: before)
                if edit.file == "Package.swift" {
                    manifestAfter = after
                } else {
                    (rulesBefore, rulesAfter) = (before, after)
                }
            } catch  where force {
                // Forced: take the feature's targets out of `targets:` wherever they are now.
                if edit.file == "Package.swift" {
                    manifestAfter = (try? ManifestEditor.removingTargets(record.targets, from: before)) ?? before
                }
            } catch {
                // Another feature's entries moved the recorded lines: entries still as strata wrote
                // them are strata's to take out, through the manifest editor.
                if edit.file == "Package.swift", let removed = Self.removingUnchangedEntries(of: record, from: before) {
                    manifestAfter = removed
                } else {
                    changed.append("\(edit.file) (the lines strata added were edited)")
                }
            }
        }
        if !changed.isEmpty && !force {
            throw StrataError.conflict(
                "\(Self.list(changed)) changed since `strata new`; nothing was removed; pass --force to remove the generated files anyway"
            )
        }
        // The records' folder goes with the last record, whichever feature made it (each only if empty).
        let recordFolders =
            recordPath.hasPrefix(GenerationRecord.folder + "/") ? [GenerationRecord.folder, ".strata"] : []
        let directories = record.directories.reversed() + recordFolders.filter { !record.directories.contains($0) }
        return RemoveFeaturePlan(
            name: feature, record: record, files: deletions + [recordPath], keptFiles: kept,
            directories: directories, manifestBefore: manifestBefore, manifestAfter: manifestAfter,
            rulesBefore: rulesBefore, rulesAfter: rulesAfter, changed: changed)
    }

    /// Whether records of other generated features share the records folder with `recordPath`.
    private func otherRecords(than recordPath: String) throws -> Bool {
        let folder = try root.inside(GenerationRecord.folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { "\(GenerationRecord.folder)/\($0)" != recordPath && $0.hasSuffix(".json") }
    }

    /// Deletes the plan's files, its empty folders and its manifest line; SwiftPM must then load the manifest.
    ///
    /// - Throws: the first failure, after rolling every change back.
    public func apply(_ plan: RemoveFeaturePlan) throws {
        let transaction = FileTransaction(root: root, beforeStep: beforeStep)
        do {
            for path in plan.files { try transaction.deleteFile(try root.inside(path)) }
            for folder in plan.directories { try transaction.removeDirectoryIfEmpty(try root.inside(folder)) }
            if plan.manifestAfter != plan.manifestBefore {
                try transaction.replaceFile(root.manifest, with: Data(plan.manifestAfter.utf8))
            }
            if let rules = plan.rulesAfter {
                try transaction.replaceFile(try root.inside("strata.yml"), with: Data(rules.utf8))
            }
            try transaction.check("check Package.swift with SwiftPM") {
                let left = try validator.summary(of: root.url).targets.filter(plan.record.targets.contains)
                guard left.isEmpty else {
                    throw StrataError.validation(
                        "after the edit SwiftPM still lists \(Self.list(left)); remove their entry by hand")
                }
            }
        } catch {
            throw Self.rolledBack(error, transaction)
        }
    }

    // MARK: - Helpers

    func read(_ path: String) throws -> String {
        let url = try root.inside(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw StrataError.storage("cannot read \(url.path); check its permissions")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The folders between the package root and `url` that do not exist yet, shallowest first.
    private func missingFolders(of url: URL) -> [String] {
        var folders: [String] = []
        var folder = url.deletingLastPathComponent()
        while folder.path.count > root.url.path.count, !PackageRoot.exists(folder) {
            folders.insert(root.relativePath(folder), at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return folders
    }

    /// Files in the record's folders that the record does not list: a developer's additions.
    /// `manifest` without `record`'s targets when every entry is still, line for line, as strata
    /// wrote it; nil when one was edited or the record predates the entries it keeps.
    static func removingUnchangedEntries(of record: GenerationRecord, from manifest: String) -> String? {
        guard let entries = record.modules, !entries.isEmpty,
            entries.allSatisfy({ ManifestEditor.replacingTarget($0, with: nil, in: manifest) != nil })
        else { return nil }
        return try? ManifestEditor.removingTargets(record.targets, from: manifest)
    }

    private func addedFiles(in record: GenerationRecord, known: Set<String>) throws -> [String] {
        var added: [String] = []
        for folder in record.directories {
            let url = try root.inside(folder)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
                let path = folder + "/" + entry
                // Records of the other generated features share the records' folder.
                if folder == GenerationRecord.folder && entry.hasSuffix(".json") { continue }
                if !known.contains(path) && !record.directories.contains(path) { added.append(path) }
            }
        }
        return added.sorted()
    }

    static func rolledBack(_ error: any Error, _ transaction: FileTransaction) -> StrataError {
        let problems = transaction.rollback()
        let domain = StrataError.wrap(error, as: .storage)
        guard problems.isEmpty else {
            return StrataError(domain.kind, "\(domain.message); rolling back also failed: \(list(problems))")
        }
        return StrataError(domain.kind, "\(domain.message) (every change was rolled back)")
    }

    /// Up to three items, then how many more.
    static func list(_ items: [String]) -> String {
        let shown = items.prefix(3).joined(separator: ", ")
        return items.count > 3 ? "\(shown) and \(items.count - 3) more" : shown
    }
}
