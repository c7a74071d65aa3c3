// Times SentenceEncoder on 1,000 abstract-like texts, the same ones Tools/Scripts/embedding/bench.py
// gives sentence-transformers, and prints texts per second.
//
// Usage: swift run -c release EmbeddingBench [--batch-size 32] [--concurrent-batches <cores>] [--runs 1]
// The model folder comes from STRATA_EMBEDDING_MODEL, else from Tools/Scripts/embedding/model.sh.

import Foundation
import SentenceEmbedding

// As papers does: the best OpenBLAS kernels for this processor (OpenBLASKernels).
OpenBLASKernels.restartWithBetterKernels()
print("OpenBLAS kernels: \(OpenBLASKernels.current)")

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let parsed = Int(arguments[index + 1])
    else { return value }
    return parsed
}

func modelFolder() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["STRATA_EMBEDDING_MODEL"], !path.isEmpty {
        return URL(fileURLWithPath: path)
    }
    let process = Process()
    process.executableURL = packageRoot.appendingPathComponent("Tools/Scripts/embedding/model.sh")
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return URL(fileURLWithPath: path)
}

/// The generator bench.py copies: a 64-bit LCG drawing words of the fixture's long abstract.
func benchmarkTexts(count: Int) throws -> [String] {
    let fixture = packageRoot.appendingPathComponent("Tests/SentenceEmbeddingTests/Fixtures/texts.json")
    let texts = try JSONDecoder().decode([String].self, from: Data(contentsOf: fixture))
    let words = texts.max { $0.count < $1.count }?.split(separator: " ").map(String.init) ?? []
    var state: UInt64 = 42
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33)
    }
    return (0..<count).map { _ in
        let length = 40 + next() % 200
        return (0..<length).map { _ in words[next() % words.count] }.joined(separator: " ")
    }
}

let texts = try benchmarkTexts(count: option("--count", default: 1000))
let batchSize = option("--batch-size", default: 32)
let concurrentBatches = option("--concurrent-batches", default: ProcessInfo.processInfo.activeProcessorCount)
let loadStart = Date()
let encoder = try SentenceEncoder(
    modelFolder: modelFolder(), batchSize: batchSize, concurrentBatches: concurrentBatches)
print(String(format: "model loaded in %.2f s: %@", Date().timeIntervalSince(loadStart), encoder.modelVersion))
print("texts: \(texts.count), characters: \(texts.reduce(0) { $0 + $1.count })")

/// User plus system CPU seconds of this process so far, to tell own work from waiting for a busy machine.
func processorSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}

for _ in 0..<option("--runs", default: 1) {
    let start = Date()
    let startProcessor = processorSeconds()
    let vectors = encoder.embed(texts)
    let seconds = Date().timeIntervalSince(start)
    let processor = processorSeconds() - startProcessor
    let checksum = vectors.reduce(Float(0)) { $0 + $1[0] }
    print(
        String(
            format: "swift: %.1f texts/s (%.2f s wall, %.2f CPU-s, batch %d, concurrent batches %d, checksum %.5f)",
            Double(texts.count) / seconds, seconds, processor, batchSize, concurrentBatches, checksum))
}
