import Foundation
import VectorStore

/// Fills an existing store, such as a library's vectors, with random unit vectors up to a row
/// count, so a command that reads it (`papers similar --by meaning`) can be measured at that size.
enum Padding {
    /// Adds rows to the store at `url` until it holds `count`, under keys no arXiv id takes
    /// (`pad/0000001`), with the model and dimensions its header records.
    static func fill(_ url: URL, to count: Int, random: inout BenchRandom) throws {
        let maker = try VectorFile.maker(at: url)
        let store = try VectorFile.open(at: url, dimensions: maker.dimensions, model: maker.model, access: .readWrite)
        let first = store.count
        let (_, seconds) = try Measure.seconds {
            for start in stride(from: first, to: count, by: 65_536) {
                let batch = (start..<min(count, start + 65_536)).map { index in
                    let key = "pad/" + String(10_000_000 + index).dropFirst()
                    return (key: key, contentHash: UInt64(index), vector: random.unitVector(maker.dimensions))
                }
                try store.upsert(batch)
            }
        }
        Measure.say(
            String(format: "padded %@ from %d to %d rows in %.1f s", url.lastPathComponent, first, store.count, seconds)
        )
    }
}
