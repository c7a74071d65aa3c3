import Foundation
import VectorStore

/// Fills a library's store with random unit vectors up to a row count, so a command that reads it
/// (`papers similar --by meaning`) can be measured at that size.
enum Padding {
    /// Rewrites the store at `url` to hold `count` rows: random ones first, under keys no arXiv id takes
    /// (`pad/0000001`), then the library's own rows, with the model and dimensions its header records.
    ///
    /// The library's rows go last because finding a paper's own vector scans the keys in row order: at
    /// the end, every lookup pays for the whole scan, the worst case.
    static func fill(_ url: URL, to count: Int, random: inout BenchRandom) throws {
        let maker = try VectorFile.maker(at: url)
        let library = try VectorFile.open(
            at: url, dimensions: maker.dimensions, model: maker.model, access: .readOnly)
        let hashes = try library.contentHashes().filter { !$0.key.hasPrefix("pad/") }
        let own = try library.entries(for: Set(hashes.keys)).sorted { $0.key < $1.key }
        let padded = url.appendingPathExtension("padding")
        try? FileManager.default.removeItem(at: padded)
        let store = try VectorFile.open(
            at: padded, dimensions: maker.dimensions, model: maker.model, access: .readWrite)
        let (_, seconds) = try Measure.seconds {
            let padding = max(0, count - own.count)
            for start in stride(from: 0, to: padding, by: 65_536) {
                let batch = (start..<min(padding, start + 65_536)).map { index in
                    let key = "pad/" + String(10_000_000 + index).dropFirst()
                    return (key: key, contentHash: UInt64(index), vector: random.unitVector(maker.dimensions))
                }
                try store.upsert(batch)
            }
            try store.upsert(own.map { (key: $0.key, contentHash: $0.value.contentHash, vector: $0.value.vector) })
        }
        let rows = store.count
        guard rename(padded.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        Measure.say(
            String(
                format: "padded %@ to %d rows in %.1f s, its %d papers' rows last", url.lastPathComponent, rows,
                seconds, own.count))
    }
}
