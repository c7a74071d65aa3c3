import AppSupport
import Core
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

    /// Generates feature `name` (or, with `dryRun`, says what it would generate); returns the report.
    public func new(_ name: String, templates: String?, dryRun: Bool) throws -> String {
        let set = try templateSet(templates)
        let plan = try scaffolder.planNew(name, templates: set)
        if dryRun { return ScaffoldReport.dryRun(plan) }
        try scaffolder.apply(plan)
        return ScaffoldReport.created(plan)
    }

    /// Removes generated feature `name` (or, with `dryRun`, says what it would remove); returns the report.
    public func remove(_ name: String, force: Bool, dryRun: Bool) throws -> String {
        let plan = try scaffolder.planRemove(name, force: force)
        if dryRun { return ScaffoldReport.dryRun(plan) }
        try scaffolder.apply(plan)
        return ScaffoldReport.removed(plan)
    }

    /// The template sets under Tools/Templates, plus the one at `extra`; returns the listing.
    public func templates(extra: String?) throws -> String {
        var sets = TemplateSet.discover(root: root.url)
        if let extra { sets.append(try TemplateSet(directory: Self.url(extra))) }
        guard !sets.isEmpty else {
            throw MessageError.notFound(
                "no template sets under \(root.url.path)/\(TemplateSet.setsPath); restore Tools/Templates/Feature or pass --templates"
            )
        }
        return ScaffoldReport.templates(sets, root: root)
    }

    /// The set at `path`, or the built-in one under the package root.
    private func templateSet(_ path: String?) throws -> TemplateSet {
        try TemplateSet(directory: path.map(Self.url) ?? root.url.appendingPathComponent(TemplateSet.builtInPath))
    }

    private static func url(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }
}
