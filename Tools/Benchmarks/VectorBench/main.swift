import COpenBLAS
import Foundation
import SentenceEmbedding
import VectorStore

// VectorBench: builds a store of random unit vectors, times `nearest`, compares it with one plain sgemv pass,
// and measures what int8 codes cost in recall; with --pad FILE, fills a library's store to --count rows instead,
// and with --recall FILE, measures the int8 scan's recall on a library's own vectors.
// Release only: swift build -c release --product VectorBench.

// As papers does: the best OpenBLAS kernels for this processor (OpenBLASKernels).
OpenBLASKernels.restartWithBetterKernels()

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return Int(arguments[index + 1]) ?? value
}
let count = option("--count", default: 3_000_000)
let queryCount = option("--queries", default: 100)
let studyCount = option("--study-count", default: 300_000)
let dimensions = 384

// The store goes under the package's .build (found from the executable's path), never in the source tree.
let executable = URL(fileURLWithPath: arguments[0]).standardizedFileURL
let buildRoot =
    sequence(first: executable) { $0.pathComponents.count > 1 ? $0.deletingLastPathComponent() : nil }
    .first { $0.lastPathComponent == ".build" } ?? FileManager.default.temporaryDirectory
let folder = buildRoot.appending(path: "vectorbench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let url = folder.appending(path: "bench.vectors")
var random = BenchRandom(state: 2024)
if arguments.contains("--int8-only") {
    try FileManager.default.removeItem(at: folder)
    Int8Study.report(studyCount: studyCount, dimensions: dimensions, random: &random)
    exit(0)
}

// --recall FILE: recall@10 of the int8 scan against exact search, each of a library's stored vectors a query.
if let index = arguments.firstIndex(of: "--recall"), index + 1 < arguments.count {
    try FileManager.default.removeItem(at: folder)
    try Recall.report(URL(fileURLWithPath: arguments[index + 1]), queries: option("--queries", default: 500))
    exit(0)
}

// --pad FILE: fill that store (a library's vectors) to --count rows, for the app's own figures.
if let index = arguments.firstIndex(of: "--pad"), index + 1 < arguments.count {
    try FileManager.default.removeItem(at: folder)
    try Padding.fill(URL(fileURLWithPath: arguments[index + 1]), to: count, random: &random)
    exit(0)
}

Measure.say("VectorBench: \(count) x \(dimensions) float32, \(ProcessInfo.processInfo.activeProcessorCount) cores")
Measure.say("OpenBLAS threads at start: \(openblas_get_num_threads()), kernels \(OpenBLASKernels.current)")

// Build.
let writer = try VectorFile.open(at: url, dimensions: dimensions, model: "bench-random", access: .readWrite)
var generateSeconds = 0.0
var upsertSeconds = 0.0
for start in stride(from: 0, to: count, by: 65_536) {
    let (batch, generated) = Measure.seconds {
        (start..<min(count, start + 65_536)).map { index in
            let key = "\(2000 + index / 100_000).\(String(100_000 + index % 100_000).dropFirst())"
            return (key: key, contentHash: UInt64(index), vector: random.unitVector(dimensions))
        }
    }
    let (_, wrote) = try Measure.seconds { try writer.upsert(batch) }
    generateSeconds += generated
    upsertSeconds += wrote
}
let fileBytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
Measure.say(
    String(
        format: "build: %.1f s (generate %.1f s, upsert+fsync %.1f s), file %.2f GB, count %d",
        generateSeconds
            + upsertSeconds, generateSeconds, upsertSeconds, Double(fileBytes) / 1e9, writer.count))

// Queries, interleaved with the floor so all three see the same load from whatever else the machine runs.
let reader = try VectorFile.open(at: url, dimensions: dimensions, model: "bench-random", access: .readOnly)
var floor: Floor? = try Floor(url: url, count: count, dimensions: dimensions)
var found: [[String]] = []
var exact: [[String]] = []
let configurations: [(label: String, threads: Int32, run: ([Float]) throws -> Void)] = [
    (
        "nearest(limit 10): int8 scan, top 40 rescored in float (2 own blocks)", 1,
        { found.append(try reader.nearest(to: $0, limit: 10).map(\.key)) }
    ),
    (
        "nearest(limit 10, exact), OpenBLAS 1 thread (2 own blocks)", 1,
        { exact.append(try reader.nearest(to: $0, limit: 10, exact: true).map(\.key)) }
    ),
    (
        "nearest(limit 10, exact), OpenBLAS 2 threads (1 block)", 2,
        { _ = try reader.nearest(to: $0, limit: 10, exact: true) }
    ),
    ("floor: bare sgemv pass, OpenBLAS 2 threads", 2, { floor?.pass($0) }),
    ("floor: bare sgemv pass, OpenBLAS 1 thread", 1, { floor?.pass($0) }),
]
var times = [[Double]](repeating: [], count: configurations.count)
Measure.say("load average before queries: \(Measure.loadAverage())")
for round in 0..<(queryCount + 3) {
    let query = random.unitVector(dimensions)
    for (index, configuration) in configurations.enumerated() {
        openblas_set_num_threads(configuration.threads)
        let (_, seconds) = try Measure.seconds { try configuration.run(query) }
        if round >= 3 { times[index].append(seconds) }
    }
}
Measure.say("load average after queries: \(Measure.loadAverage())")
Measure.say(
    String(
        format: "recall@10 of the int8 scan against exact, %d random queries: %.4f", found.count,
        Recall.at10(found, exact: exact)))
for (index, configuration) in configurations.enumerated() {
    Measure.say(
        "\(configuration.label) x\(queryCount): p50 \(Measure.ms(Measure.percentile(times[index], 0.5))), "
            + "p95 \(Measure.ms(Measure.percentile(times[index], 0.95))), max \(Measure.ms(times[index].max() ?? .nan))"
    )
}
let check = try reader.nearest(to: random.unitVector(dimensions), limit: 10)
precondition(check.count == min(10, count))
let lastKey = "\(2000 + (count - 1) / 100_000).\(String(100_000 + (count - 1) % 100_000).dropFirst())"
let (_, lookup) = try Measure.seconds { try reader.vector(for: lastKey) }
let (hashes, hashSeconds) = try Measure.seconds { try reader.contentHashes() }
Measure.say(
    "vector(for:) last key (full key scan) \(Measure.ms(lookup)); contentHashes() \(hashes.count) keys \(Measure.ms(hashSeconds))"
)
// Memory of `nearest` alone: drop the floor's mapping, reset the peak (clear_refs 5), run 10 queries.
floor = nil
try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
Measure.say(String(format: "RssAnon before the 10 queries: %.0f MiB", Measure.status("RssAnon")))
for _ in 0..<10 { _ = try reader.nearest(to: random.unitVector(dimensions), limit: 10) }
Measure.say(
    String(
        format: "memory over 10 queries: VmHWM %.0f MiB (mapped file pages %.0f MiB of it), RssAnon %.0f MiB",
        Measure.status("VmHWM"), Measure.status("RssFile"), Measure.status("RssAnon")))
Measure.say(String(format: "file size %.3f GB (%ld bytes)", Double(fileBytes) / 1e9, fileBytes))

// Int8 study (skipped with --no-study, for quicker reruns of the timings above).
// Not `exit`: it would skip the `defer` that deletes the store.
if !arguments.contains("--no-study") {
    Int8Study.report(studyCount: studyCount, dimensions: dimensions, random: &random)
}
