import Foundation

/// What a template set's `template.json` says about it.
///
/// A set for the monorepo shape gives `manifestEntry`, one line of Package.swift's `Feature(…)`
/// list; a set for any package gives `modules`, the targets `strata new` adds to the manifest's
/// `targets:` array itself; a set of files alone gives neither. `layers` are strata.yml layers
/// added when the package's rules have none for the new targets.
public struct TemplateDescription: Codable, Sendable, Equatable {
    /// A target the set adds to a manifest's `targets:` array.
    public struct Module: Codable, Sendable, Equatable {
        /// SwiftPM's target kinds the generator writes.
        public enum Kind: String, Codable, Sendable {
            case target, executableTarget, testTarget
        }

        /// The target's name, a Stencil template such as `{{ name }}Entity`.
        public var name: String
        /// What kind of target it is; `target` when left out.
        public var kind: Kind
        /// The targets it depends on, Stencil templates.
        public var dependencies: [String]

        private enum CodingKeys: String, CodingKey { case name, kind, dependencies }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .target
            dependencies = try container.decodeIfPresent([String].self, forKey: .dependencies) ?? []
        }

        /// Where SwiftPM's default layout keeps the target: `Tests/<name>` for tests, else `Sources/<name>`.
        public func path(named name: String) -> String { (kind == .testTarget ? "Tests/" : "Sources/") + name }
    }

    /// A layer of strata.yml, as the set needs it for its targets.
    public struct Layer: Codable, Sendable, Equatable {
        /// The layer's name.
        public var name: String
        /// Target name patterns, such as `{feature}Entity`.
        public var targets: [String]
        /// The layers and products the layer may use.
        public var mayUse: [String]
        /// Whether its targets are tests (`tests: true` in strata.yml).
        public var tests: Bool

        private enum CodingKeys: String, CodingKey {
            case name, targets, tests
            case mayUse = "may_use"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            targets = try container.decode([String].self, forKey: .targets)
            mayUse = try container.decodeIfPresent([String].self, forKey: .mayUse) ?? []
            tests = try container.decodeIfPresent(Bool.self, forKey: .tests) ?? false
        }
    }

    /// The set's name, such as `Feature`.
    public var name: String
    /// One line on what the set makes.
    public var summary: String
    /// The feature's line in Package.swift's `features` list, a Stencil template.
    public var manifestEntry: String?
    /// Targets to add to the manifest's `targets:` array (for packages without a `Feature(…)` list).
    public var modules: [Module]
    /// The strata.yml layers the targets belong to, added when the rules lack them.
    public var layers: [Layer]
    /// Commands to suggest after generating, Stencil templates.
    public var nextSteps: [String]
    /// The targets SwiftPM must list after the edit, Stencil templates: by default what a
    /// `Feature(…)` entry declares, or the `modules`.
    public var targets: [String]
    /// The executable product the entry declares, a Stencil template; `{{ app }}` for a `Feature(…)` entry.
    public var product: String?
    /// The set's own version, such as `1.4`, shown before its content hash.
    public var version: String?

    /// What a `Feature(...)` entry declares: five layers, the app, and a test target for each.
    public static let featureTargets = ["Entity", "Repository", "UseCase", "Presenter", "Factory", "App"]
        .flatMap { ["{{ name }}\($0)", "{{ name }}\($0)Tests"] }

    private enum CodingKeys: String, CodingKey {
        case name, summary, manifestEntry, modules, layers, nextSteps, targets, product, version
    }

    /// Decodes a description; everything but `name` and `summary` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decode(String.self, forKey: .summary)
        manifestEntry = try container.decodeIfPresent(String.self, forKey: .manifestEntry)
        modules = try container.decodeIfPresent([Module].self, forKey: .modules) ?? []
        layers = try container.decodeIfPresent([Layer].self, forKey: .layers) ?? []
        nextSteps = try container.decodeIfPresent([String].self, forKey: .nextSteps) ?? []
        let defaultTargets = manifestEntry == nil ? modules.map(\.name) : Self.featureTargets
        targets = try container.decodeIfPresent([String].self, forKey: .targets) ?? defaultTargets
        product =
            try container.decodeIfPresent(String.self, forKey: .product) ?? (manifestEntry == nil ? nil : "{{ app }}")
        version = try container.decodeIfPresent(String.self, forKey: .version)
    }
}
