import Foundation

/// Plans one generated feature's upgrade: renders its template again and decides per file, three ways.
struct FeatureUpgrader {
    let root: PackageRoot
    let formatter: any SourceFormatter
    let record: GenerationRecord
    let recordPath: String
    let templates: TemplateSet

    /// The feature's upgrade; `manifest` and `rules` carry the text every feature's edits go into.
    func plan(manifest: inout String, rules: inout String?, existingTargets: () throws -> Set<String>) throws -> (
        FeatureUpgrade, addedTargets: [String]
    ) {
        let name = try FeatureName(record.feature)
        var rendered = try templates.render(name)
        let stored = FileManager.default.contents(atPath: try root.inside(recordPath).path)
        try RecordScope(rendered, feature: name, template: templates.description.name)
            .check(record, data: stored ?? Data(), recordPath: recordPath)
        (rendered.files, _) = formatter.format(rendered.files, root: root.url)
        let version = templates.version
        let recorded = Dictionary(record.files.map { ($0.path, $0) }) { first, _ in first }
        let renderedPaths = Set(rendered.files.map(\.path))
        var outcomes = try rendered.files.map { try outcome(of: $0, recorded: recorded[$0.path], version: version) }
        outcomes += try record.files.filter { !renderedPaths.contains($0.path) }.compactMap(dropped)
        var next = record
        next.template = templates.description.name
        next.templateVersion = version
        next.templateOrigin = templates.origin.description
        next.files = rendered.files.map { .init(path: $0.path, rendering: $0.contents) }
        for outcome in outcomes where outcome.outcome == .added {
            for folder in try missingFolders(of: outcome.path) where !next.directories.contains(folder) {
                next.directories.append(folder)
            }
        }
        let added = try upgradeManifest(rendered, manifest: &manifest, record: &next, outcomes: &outcomes) {
            try existingTargets()
        }
        if let current = rules,
            let after = try RulesLayers.adding(templates.description.layers, to: current, template: next.template)
        {
            next.edits = (next.edits ?? []) + [TextEdit(file: "strata.yml", old: current, new: after)]
            rules = after
            outcomes.append(FileUpgrade("strata.yml", .added, note: "the \(next.template) layers"))
        }
        let encoded = try next.encoded()
        let feature = FeatureUpgrade(
            feature: record.feature, template: next.template, fromVersion: record.templateVersion,
            toVersion: version, files: outcomes.sorted { $0.path < $1.path }, recordPath: recordPath,
            record: stored == encoded ? nil : encoded)
        return (feature, added)
    }

    /// A file the new template renders: base = the recorded rendering, ours = the file now, theirs = `file`.
    private func outcome(of file: RenderedFile, recorded: GenerationRecord.File?, version: String) throws -> FileUpgrade
    {
        let current = FileManager.default.contents(atPath: try root.inside(file.path).path)
        let theirs = file.contents
        guard let recorded else {
            guard let ours = current else { return FileUpgrade(file.path, .added, write: .create(theirs)) }
            if ours == theirs { return FileUpgrade(file.path, .current) }
            let merge = try ThreeWayMerge.merge(ours: ours, base: Data(), theirs: theirs, version: version)
            return merged(file.path, merge, note: "the template adds this file and one was already there")
        }
        guard let ours = current else {
            return FileUpgrade(file.path, .left, note: "you deleted it; it stays deleted")
        }
        let marked = ThreeWayMerge.hasMarkers(ours)
        if ours == theirs { return FileUpgrade(file.path, .current, marked: marked) }
        if SHA256.hex(ours) == recorded.sha256 { return FileUpgrade(file.path, .updated, write: .replace(theirs)) }
        // A record without a base: the current rendering is the base only when it is byte for byte what was written.
        guard let base = recorded.base.map({ Data($0.utf8) }) ?? (SHA256.hex(theirs) == recorded.sha256 ? theirs : nil)
        else {
            return FileUpgrade(file.path, .left, note: "no base recorded: merge by hand", marked: marked)
        }
        if base == theirs { return FileUpgrade(file.path, .kept, marked: marked) }
        // Markers left by an earlier upgrade (one killed before it wrote the record): merging into them would nest them.
        if marked {
            return FileUpgrade(
                file.path, .left, note: "it holds conflict markers: resolve them, then run strata upgrade again",
                marked: true)
        }
        return merged(file.path, try ThreeWayMerge.merge(ours: ours, base: base, theirs: theirs, version: version))
    }

    private func merged(_ path: String, _ merge: ThreeWayMerge.Result, note: String? = nil) -> FileUpgrade {
        merge.conflicts == 0
            ? FileUpgrade(path, .merged, write: .replace(merge.contents))
            : FileUpgrade(
                path, .conflict, write: .replace(merge.contents),
                note: [note, "\(merge.conflicts) conflict\(merge.conflicts == 1 ? "" : "s") marked in the file"]
                    .compactMap { $0 }.joined(separator: "; "), marked: true)
    }

    /// A file the record lists and the new template no longer renders.
    private func dropped(_ file: GenerationRecord.File) throws -> FileUpgrade? {
        guard let ours = FileManager.default.contents(atPath: try root.inside(file.path).path) else { return nil }
        if SHA256.hex(ours) == file.sha256 { return FileUpgrade(file.path, .deleted, write: .delete) }
        return FileUpgrade(
            file.path, .left, note: "the template no longer makes it and you changed it: kept, no longer recorded",
            marked: ThreeWayMerge.hasMarkers(ours))
    }

    /// The folders between the package root and `path` that do not exist yet, shallowest first.
    private func missingFolders(of path: String) throws -> [String] {
        var folders: [String] = []
        var folder = try root.inside(path).deletingLastPathComponent()
        while folder.path.count > root.url.path.count, !PackageRoot.exists(folder) {
            folders.insert(root.relativePath(folder), at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return folders
    }
}
