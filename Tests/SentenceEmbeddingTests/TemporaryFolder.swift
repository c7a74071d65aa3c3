import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("embedding-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String, contents: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
