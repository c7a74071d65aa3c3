/// The version every Strata app and the strata tool report (`--version`), strata's artifact
/// bundle is named after and its built-in template sets carry, and papers sends where a service
/// asks who is calling (arXiv's User-Agent): one number for the one repository they ship from.
/// The tool's package compiles this same file (Tools/strata/Sources/StrataLint/StrataVersion.swift
/// is a link to it).
public enum StrataVersion {
    /// Semantic version of this release.
    public static let current = "1.0.0"
}
