import Foundation

/// Where the tool's package and the monorepo around it are, found from this file's own path.
///
/// Some tests check strata against the repository it lives in (its Package.swift, strata.yml
/// and features); they read it from here.
public enum Monorepo {
    /// The tool's package, Tools/strata.
    public static let toolPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The monorepo's root, two folders above the tool's package.
    public static let root = toolPackage.deletingLastPathComponent().deletingLastPathComponent()
}
