/// The version `strata --version` reports, the artifact bundle is named after and built-in template sets carry.
public enum StrataVersion {
    /// Semantic version of this release.
    public static let current = "1.0.0"
}
