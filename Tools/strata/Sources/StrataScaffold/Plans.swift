import Foundation

/// What `strata new` will write, computed and checked before anything is written.
public struct NewFeaturePlan: Sendable {
    /// The feature's name and derived names.
    public let name: FeatureName
    /// The template set's name.
    public let template: String
    /// Every file to create (the record last), relative to the package root.
    public let files: [RenderedFile]
    /// The folders to create, shallowest first.
    public let directories: [String]
    /// Package.swift now.
    public let manifestBefore: String
    /// Package.swift with the feature's entry.
    public let manifestAfter: String
    /// strata.yml now, when the package has one.
    public let rulesBefore: String?
    /// strata.yml with the template's layers, when it lacked them.
    public let rulesAfter: String?
    /// The targets the entry declares.
    public let targets: [String]
    /// The executable product the entry declares, if any.
    public let product: String?
    /// Commands to suggest afterwards.
    public let nextSteps: [String]
    /// What will be recorded in the feature's `.strata-generated.json`.
    public let record: GenerationRecord
    /// Whether the Swift files were formatted with the package's configuration.
    public let formatting: FormattingOutcome

    /// The manifest and rules changes as a unified diff.
    public var manifestDiff: String {
        UnifiedDiff.make(
            old: manifestBefore, new: manifestAfter, oldName: "a/Package.swift", newName: "b/Package.swift")
            + (rulesAfter.map {
                "\n"
                    + UnifiedDiff.make(
                        old: rulesBefore ?? "", new: $0, oldName: "a/strata.yml", newName: "b/strata.yml")
            } ?? "")
    }
}

/// What `strata remove` will delete, computed and checked before anything is deleted.
public struct RemoveFeaturePlan: Sendable {
    /// The feature's name.
    public let name: FeatureName
    /// What `strata new` recorded.
    public let record: GenerationRecord
    /// Files to delete (the record last), relative to the package root.
    public let files: [String]
    /// Files a developer added in generated folders: left in place (with `--force`).
    public let keptFiles: [String]
    /// Folders to remove when empty, deepest first.
    public let directories: [String]
    /// Package.swift now.
    public let manifestBefore: String
    /// Package.swift without the feature's entry.
    public let manifestAfter: String
    /// strata.yml before its layers are taken out, when they are.
    public let rulesBefore: String?
    /// strata.yml without the layers `new` added.
    public let rulesAfter: String?
    /// Generated files changed since `new` (non-empty only with `--force`).
    public let changed: [String]

    /// The manifest and rules changes as a unified diff.
    public var manifestDiff: String {
        UnifiedDiff.make(
            old: manifestBefore, new: manifestAfter, oldName: "a/Package.swift", newName: "b/Package.swift")
            + (rulesAfter.map {
                "\n"
                    + UnifiedDiff.make(
                        old: rulesBefore ?? "", new: $0, oldName: "a/strata.yml", newName: "b/strata.yml")
            } ?? "")
    }
}
