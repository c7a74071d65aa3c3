import Foundation

/// The `strata new`, `remove` and `templates` commands as functions returning what to print,
/// so the executable stays a thin argument parser.
public struct ScaffoldRunner {
    private let scaffolder: Scaffolder

    /// Opens the package at `path` (the current folder when `nil`).
    public init(path: String?, validator: any ManifestValidator = SwiftPMValidator()) throws {
        scaffolder = Scaffolder(root: try PackageRoot(path: path), validator: validator)
    }

    /// The package root in use.
    public var root: PackageRoot { scaffolder.root }

    /// Generates feature `name` from the set `template` (a set's name or folder; by default
    /// `Feature` when Package.swift has a `Feature(…)` list, else `Layers`), or with `dryRun`
    /// says what it would generate; returns the report.
    public func new(_ name: String, template: String?, dryRun: Bool) throws -> String {
        let set = try templateSet(template)
        let plan = try scaffolder.planNew(name, templates: set)
        if dryRun { return ScaffoldReport.dryRun(plan) }
        try scaffolder.apply(plan)
        return ScaffoldReport.created(plan)
    }

    /// Removes generated feature `name` (or, with `dryRun`, says what it would remove); returns the report.
    public func remove(_ name: String, force: Bool, dryRun: Bool) throws -> String {
        let plan = try scaffolder.planRemove(name, force: force) { try? templateSet($0.template) }
        if dryRun { return ScaffoldReport.dryRun(plan) }
        try scaffolder.apply(plan)
        return ScaffoldReport.removed(plan)
    }

    /// Brings the generated features `names` (every one when empty) up to their template set, or
    /// the set `template`; with `dryRun` says what it would do, with `check` whether any is behind.
    /// Returns the report and whether it is clean (no feature behind for `check`, no conflict marker left otherwise).
    public func upgrade(_ names: [String], template: String?, dryRun: Bool, check: Bool) throws -> (
        report: String, clean: Bool
    ) {
        var features = try scaffolder.generatedFeatures()
        let known = Set(features.map(\.record.feature))
        if let missing = names.first(where: { !known.contains($0) }) {
            throw StrataError.notFound(
                "strata generated no feature \(missing) (it has no record); run `strata upgrade` without names to upgrade every generated feature"
            )
        }
        if !names.isEmpty { features = features.filter { names.contains($0.record.feature) } }
        guard !features.isEmpty else { return ("no generated features to upgrade\n", true) }
        var sets: [String: TemplateSet] = [:]
        let plan = try scaffolder.planUpgrade(features) { record in
            let name = template ?? record.template
            if let set = sets[name] { return set }
            let set = try templateSet(name)
            sets[name] = set
            return set
        }
        if check {
            let clean =
                !plan.features.contains(where: \.isBehind)
                && !plan.features.contains { feature in
                    feature.files.contains { $0.marked && $0.write == nil }
                }
            return (UpgradeReport.check(plan), clean)
        }
        if dryRun { return (UpgradeReport.dryRun(plan), true) }
        if plan.writesAnything { try scaffolder.apply(plan) }
        return (UpgradeReport.upgraded(plan), !plan.hasConflicts)
    }

    /// The template sets the package can use, and where each comes from; returns the listing.
    public func templates() throws -> String {
        ScaffoldReport.templates(try TemplateSet.available(in: root.url), default: try defaultTemplate())
    }

    /// Copies the set `name` into the package's `.strata/templates/<name>/` to be edited there; returns the report.
    public func copyTemplate(_ name: String) throws -> String {
        let set = try templateSet(name)
        let relative = "\(TemplateSet.packageSetsPath)/\(set.description.name)"
        try set.write(to: try root.inside(relative))
        return
            "copied the \(set.description.name) set (\(set.origin)) to \(relative); edit it there: `strata new` now uses it\n"
    }

    /// The set named `name` (the package's own first), or the folder at a path with a `/`.
    private func templateSet(_ name: String?) throws -> TemplateSet {
        let name = try name ?? defaultTemplate()
        if name.contains("/") { return try TemplateSet(directory: Self.url(name), shownAs: name) }
        let sets = try TemplateSet.available(in: root.url)
        guard let set = sets.first(where: { $0.description.name == name }) else {
            throw StrataError.notFound(
                "no template set named \(name); the sets are \(sets.map(\.description.name).joined(separator: ", ")) (add your own under \(TemplateSet.packageSetsPath)/\(name)/)"
            )
        }
        return set
    }

    /// `Feature` for a package with our `Feature(…)` list, `Layers` for any other.
    private func defaultTemplate() throws -> String {
        let manifest = String(
            decoding: FileManager.default.contents(atPath: root.manifest.path) ?? Data(), as: UTF8.self)
        return FeatureList(text: manifest).exists ? "Feature" : "Layers"
    }

    private static func url(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }
}
