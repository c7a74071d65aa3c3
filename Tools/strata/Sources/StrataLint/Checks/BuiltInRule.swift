/// The rules strata checks on its own, whatever the rules file adds: each id, as findings,
/// baselines and exceptions name it, and what it means, for SARIF and the docs.
public enum BuiltInRule: String, CaseIterable, Sendable {
    case layerDependency = "layer-dependency"
    case layerImport = "layer-import"
    case implicitDependency = "implicit-dependency"
    case unlistedDependency = "unlisted-dependency"
    case featureIndependence = "feature-independence"
    case featureIsolation = "feature-isolation"
    case dependencyCycle = "dependency-cycle"
    case unusedDependency = "unused-dependency"
    case unclassifiedTarget = "unclassified-target"
    case missingLayer = "missing-layer"
    case tooFewFeatures = "too-few-features"
    case staleException = "stale-exception"
    case missingType = "missing-type"

    /// The id findings carry.
    public var id: String { rawValue }

    /// How serious its findings are, as the docs say it.
    public var severityText: String {
        switch self {
        case .unusedDependency: "warning"
        case .unlistedDependency: "error (`version: 2`), warning (`version: 1`)"
        default: "error"
        }
    }

    /// Where its findings point.
    public var place: String {
        switch self {
        case .layerImport, .implicitDependency: "file:line:col"
        case .unlistedDependency, .featureIndependence, .featureIsolation: "file:line:col, or Package.swift"
        case .layerDependency, .dependencyCycle, .unusedDependency, .unclassifiedTarget: "Package.swift"
        case .missingLayer, .tooFewFeatures, .staleException: "strata.yml line"
        case .missingType: "strata.yml line, or the extension left"
        }
    }

    /// One sentence on what a finding of this rule means.
    public var summary: String {
        switch self {
        case .layerDependency: "A target declares a dependency its layer may not use."
        case .layerImport: "A source file imports a module its target's layer may not use."
        case .implicitDependency:
            "A source file imports one of the package's modules its target does not declare directly."
        case .unlistedDependency:
            "A target declares or imports a product or module no layer's `may_use` lists (an error under `version: 2`, a warning under 1)."
        case .featureIndependence: "A module of one feature depends on a module of another feature."
        case .featureIsolation: "A module outside every feature (core, shared, tools) depends on a feature."
        case .dependencyCycle: "The package's targets depend on one another in a cycle."
        case .unusedDependency: "A declared dependency no source file of the target imports."
        case .unclassifiedTarget: "A target no layer of the rules file holds."
        case .missingLayer: "A feature lacks a layer every feature must have."
        case .tooFewFeatures: "The package has fewer features than the rules file requires."
        case .staleException: "An exception in the rules file matches no finding."
        case .missingType: "A target lacks a type its layer requires (`requires` in the rules file)."
        }
    }
}
