import Foundation

/// Recorded files kept in the repository under `Tests/Fixtures/<set>/`, found from this file's path.
///
/// Fixtures live outside every target's folder, so tests of several layers and the demo
/// scripts read the one copy.
public enum FixtureFiles {
    /// The folder `Tests/Fixtures`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A fixture file's URL, such as `url("arxiv", "empty-id-0000.0000.xml")`.
    public static func url(_ set: String, _ name: String) -> URL {
        root.appendingPathComponent(set).appendingPathComponent(name)
    }

    /// A fixture file's bytes.
    public static func data(_ set: String, _ name: String) throws -> Data {
        try Data(contentsOf: url(set, name))
    }
}
