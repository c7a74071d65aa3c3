import Foundation

/// This suite's own fixtures: the texts and sentence-transformers' vectors for them.
enum FixtureFolder {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}
