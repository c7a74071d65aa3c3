/// The version every Strata app and tool reports (`--version`) and sends where a service asks
/// who is calling (arXiv's User-Agent): one number for the one package they ship in.
public enum StrataVersion {
    /// Semantic version of this release.
    public static let current = "1.0.0"
}
