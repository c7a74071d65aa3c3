/// The version `strata --version` reports and the artifact bundle is named after.
enum StrataVersion {
    /// Semantic version of this release.
    static let current = "1.0.0"
}
