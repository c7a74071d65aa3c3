import Foundation

/// A fresh folder for one test's store, removed when the value is released.
final class TemporaryStore {
    let folder: URL
    let url: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "VectorStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appending(path: "library.sqlite.vectors")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Overwrites bytes of the store file at `offset`.
    func patch(_ bytes: [UInt8], at offset: UInt64) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    /// The store file's size in bytes.
    func fileSize() throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path(percentEncoded: false))
        return (attributes[.size] as? Int) ?? -1
    }
}
