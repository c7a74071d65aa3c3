import AppSupport
import ArgumentParser
import Foundation
import PapersFactory
import PapersPresenter

/// `papers-search-bench QUERIES --db LIBRARY`: the time of library searches inside one process, for `make bench`.
///
/// Process start-up would swamp a 1 ms search, so the benchmark times searches here, through
/// the same presenter `papers library search` uses, and prints one line of figures.
@main
struct PapersSearchBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "papers-search-bench", abstract: "Time library searches through the papers presenter.")

    @Argument(help: "A file with one search per line.")
    var queries: String

    @Option(help: "How often to run each search.")
    var rounds = 3

    @Flag(help: "Rank every match, as library search --every-match does.")
    var everyMatch = false

    @Option(help: "Which page of results each search asks for, from 1 (a page is 20 papers).")
    var page = 1

    @Option(help: "A file to write each search's result ids to, one line per search (tab-separated).")
    var ids: String?

    @Option(help: "The library to search (a papers SQLite file).")
    var db: String

    func run() async throws {
        try await Self.measure(
            queries: queries, rounds: rounds, page: page, everyMatch: everyMatch, idsPath: ids,
            library: URL(fileURLWithPath: db))
    }

    /// Runs every search `rounds` times through the presenter (its count and one page) and prints
    /// the median, p95 and worst time.
    @MainActor
    static func measure(
        queries path: String, rounds: Int, page: Int, everyMatch: Bool, idsPath: String?, library: URL
    ) async throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init).filter {
            !$0.isEmpty
        }
        let presenter = try PapersFactory.offline(databaseURL: library, access: .readOnly, everyMatch: everyMatch)
            .makePaperListPresenter()
        var timings: [Double] = []
        var hits = 0
        var found: [String] = []
        let clock = ContinuousClock()
        for round in 0..<max(1, rounds) {
            for line in lines {
                let elapsed = await clock.measure { await presenter.searchLibrary(line, page: page, pageSize: 20) }
                let rows = try presenter.state.result().rows
                hits += rows.count
                if round == 0 { found.append(rows.map(\.id).joined(separator: "\t")) }
                timings.append(
                    Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            }
        }
        if let idsPath {
            try (found.joined(separator: "\n") + "\n").write(toFile: idsPath, atomically: true, encoding: .utf8)
        }
        timings.sort()
        let median = timings.isEmpty ? 0 : timings[timings.count / 2]
        let p95 = timings.isEmpty ? 0 : timings[min(timings.count - 1, timings.count * 95 / 100)]
        print(
            "searches=\(timings.count) median_ms=\(String(format: "%.3f", median)) p95_ms=\(String(format: "%.3f", p95)) worst_ms=\(String(format: "%.3f", timings.last ?? 0)) rows=\(hits)"
        )
    }
}
