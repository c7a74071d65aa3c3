import Foundation

/// What `strata upgrade` does to one generated file, and why.
public struct FileUpgrade: Sendable, Equatable {
    /// What happens to the file.
    public enum Outcome: String, Sendable, CaseIterable {
        /// Unchanged by the user: replaced by the new rendering.
        case updated
        /// Changed by the user, unchanged by the template: left as it is.
        case kept
        /// Both changed, different lines: the changes merged.
        case merged
        /// Both changed the same lines: conflict markers written into the file.
        case conflict
        /// New in the template: created.
        case added
        /// Dropped by the template and never changed: deleted.
        case deleted
        /// Left as it is for a person to act on (the message says why).
        case left
        /// Already what the template renders: nothing to do.
        case current
    }

    /// What is written, if anything.
    public enum Write: Sendable, Equatable {
        /// A new file with these bytes.
        case create(Data)
        /// The file's bytes replaced by these.
        case replace(Data)
        /// The file deleted.
        case delete
    }

    /// The path relative to the package root.
    public let path: String
    /// What happens to it.
    public let outcome: Outcome
    /// What is written, if anything.
    public let write: Write?
    /// Why, for outcomes a person must read (`left`, `conflict`).
    public let note: String?
    /// Whether the file holds conflict markers once the upgrade is applied.
    public let marked: Bool

    /// An outcome for `path`, with what to write and why.
    init(_ path: String, _ outcome: Outcome, write: Write? = nil, note: String? = nil, marked: Bool = false) {
        self.path = path
        self.outcome = outcome
        self.write = write
        self.note = note
        self.marked = marked
    }
}

/// What `strata upgrade` does to one generated feature.
public struct FeatureUpgrade: Sendable {
    /// The feature's name.
    public let feature: String
    /// The template set's name.
    public let template: String
    /// The version the record had (`nil` for a record written before versions were kept).
    public let fromVersion: String?
    /// The version of the set now.
    public let toVersion: String
    /// Every file's outcome, in path order; Package.swift and strata.yml under their names.
    public let files: [FileUpgrade]
    /// Where the record lives.
    public let recordPath: String
    /// The record after the upgrade, encoded; `nil` when it does not change.
    public let record: Data?

    /// Whether the feature is behind its template (the record names another version).
    public var isBehind: Bool { fromVersion != toVersion }
}

/// What `strata upgrade` does to every feature it was given, applied as one transaction.
public struct UpgradePlan: Sendable {
    /// Each feature's upgrade, by name.
    public let features: [FeatureUpgrade]
    /// Package.swift now.
    public let manifestBefore: String
    /// Package.swift after every feature's upgrade.
    public let manifestAfter: String
    /// strata.yml now, when the package has one.
    public let rulesBefore: String?
    /// strata.yml after, when the new templates add layers.
    public let rulesAfter: String?
    /// The targets SwiftPM must list after the upgrade.
    public let targets: [String]

    /// Whether any generated file holds conflict markers once the plan is applied.
    public var hasConflicts: Bool { features.contains { $0.files.contains(where: \.marked) } }

    /// Whether applying the plan writes anything.
    public var writesAnything: Bool {
        manifestAfter != manifestBefore || rulesAfter != nil
            || features.contains { $0.record != nil || $0.files.contains { $0.write != nil } }
    }
}
