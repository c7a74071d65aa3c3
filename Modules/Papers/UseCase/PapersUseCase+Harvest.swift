import Core
import Foundation
import PapersEntity
import PapersRepository

extension PapersUseCase {
    /// How often one run starts a list again after the repository refused its token.
    static let maxRestarts = 2

    /// Harvests a set of the OAI-PMH repository into the library, page by page, saving the
    /// harvest's state with every page.
    ///
    /// - A list a killed run left unfinished goes on from its saved token (unless `from` names another day).
    /// - Otherwise the list starts from `from`, else from the day of the last complete list's
    ///   last response (incremental), else from the beginning.
    /// - A refused token (they expire at midnight UTC) starts the list again from the same day:
    ///   what was stored stays, and the library keeps each paper once.
    /// - A record the source could not read is left out and listed in the report (`skipped`):
    ///   the repository's data cannot be fixed here, and stopping would block the list for good.
    /// - `noRecordsMatch` is a complete, empty list; deleted records mark their papers withdrawn.
    /// - A token the repository already sent in this list (`A, A` or `A, B, A`) ends the run with
    ///   `.resumptionLoop` once that page is stored: a list that comes round never ends.
    ///
    /// - Parameters:
    ///   - set: such as `physics:hep-th` or `cs:cs:AI`; nil for the whole repository.
    ///   - from: a day, `YYYY-MM-DD`.
    ///   - progress: told after every stored page.
    /// - Throws: `PapersError.notADate`, `.unknownSet` (with the closest names), `.oaiError`, `.resumptionLoop`, the
    ///   source's and the library's errors. Every page stored before an error stays stored.
    public func harvest(
        set: String?, from: String?, format: MetadataFormat,
        progress: (@Sendable (HarvestProgress) -> Void)? = nil
    ) async throws -> HarvestReport {
        if let from, !HarvestDay.isValid(from) { throw PapersError.notADate(from) }
        let set = set ?? ""
        if !set.isEmpty { try await checkSet(set) }
        let key = HarvestKey(endpoint: harvests.endpoint, set: set, format: format)
        let saved = try await library.harvestState(key)
        var state: HarvestState
        let resumed: Bool
        if let saved, saved.isUnfinished, from == nil || from == saved.from {
            state = saved
            resumed = true
        } else {
            state = HarvestState(
                key: key, from: from ?? saved?.lastResponse.map(HarvestDay.string), lastResponse: saved?.lastResponse)
            resumed = false
        }
        var report = HarvestReport(key: key, from: state.from, resumed: resumed)
        var latest: Date?
        let started = clock.now()
        // Every token of this list so far: OAI-PMH gives each page its own, so one seen again is a loop.
        var tokens: Set<String> = state.token.map { [$0] } ?? []
        while true {
            let page = try await harvests.listRecords(
                ListRecordsRequest(set: set, format: format, from: state.from, token: state.token))
            if let error = page.response.error {
                switch error.code {
                case "noRecordsMatch":
                    // Nothing changed since `from`: a complete list of no records.
                    state.token = nil
                    state.lastResponse = page.response.responseDate ?? clock.now()
                    _ = try await library.saveHarvestPage([], withdrawn: [], state: state)
                case "badResumptionToken" where state.token != nil && report.restarts < Self.maxRestarts:
                    report.restarts += 1
                    state.token = nil
                    state.records = 0
                    state.deleted = 0
                    state.pages = 0
                    tokens = []
                    continue
                default:
                    throw PapersError.oaiError(code: error.code, message: error.message)
                }
                break
            }
            state.token = page.response.resumptionToken
            state.records += page.records.count
            state.deleted += page.deletedIDs.count
            state.pages += 1
            if state.token == nil { state.lastResponse = page.response.responseDate ?? clock.now() }
            let stored = try await library.saveHarvestPage(page.papers, withdrawn: page.deletedIDs, state: state)
            report.saved = report.saved + stored.saved
            report.withdrawn += stored.withdrawn
            report.pages += 1
            report.records += page.records.count
            report.skipped += page.response.skipped.map { SkippedRecord(page: report.pages, problem: $0) }
            latest = [latest, page.latestDatestamp].compactMap { $0 }.max()
            progress?(
                HarvestProgress(
                    pages: report.pages, records: report.records, datestamp: latest,
                    elapsed: clock.now().timeIntervalSince(started)))
            guard let token = state.token else { break }
            guard tokens.insert(token).inserted else {
                throw PapersError.resumptionLoop(token: token, pages: report.pages)
            }
        }
        report.nextFrom = state.lastResponse.map(HarvestDay.string)
        return report
    }

    /// The repository's sets, from the library's copy; listed again when the copy lacks `set`.
    private func checkSet(_ set: String) async throws {
        var sets = try await library.harvestSets(endpoint: harvests.endpoint)
        if !sets.contains(where: { $0.spec == set }) {
            sets = try await harvests.listSets()
            try await library.saveHarvestSets(sets, endpoint: harvests.endpoint)
        }
        guard sets.contains(where: { $0.spec == set }) else {
            throw PapersError.unknownSet(set, closest: SetNames.closest(to: set, in: sets.map(\.spec)))
        }
    }
}

/// Close matches for a set name someone typed: `hep-th` and `cs.AI` are how people say
/// `physics:hep-th` and `cs:cs:AI`.
enum SetNames {
    /// Up to `limit` set names, the closest first.
    static func closest(to typed: String, in specs: [String], limit: Int = 3) -> [String] {
        let wanted = typed.lowercased()
        let ranked = Set(specs).compactMap { spec -> (spec: String, score: Int)? in
            let said = spokenName(spec).lowercased()
            if said == wanted || spec.lowercased() == wanted { return (spec, 0) }
            let distance = min(editDistance(wanted, said), editDistance(wanted, spec.lowercased()))
            guard distance <= max(2, wanted.count / 3) else { return nil }
            return (spec, distance)
        }
        // Another way of saying a set is the answer; near misses are only worth showing without one.
        let said = ranked.filter { $0.score == 0 }
        return (said.isEmpty ? ranked : said).sorted { ($0.score, $0.spec) < ($1.score, $1.spec) }.prefix(limit)
            .map(\.spec)
    }

    /// How a set is said outside OAI-PMH: `cs:cs:AI` is `cs.AI`, `physics:hep-th` is `hep-th`, `math` is `math`.
    static func spokenName(_ spec: String) -> String {
        let parts = spec.split(separator: ":")
        switch parts.count {
        case 3: return "\(parts[1]).\(parts[2])"
        case 2: return String(parts[1])
        default: return spec
        }
    }

    /// Levenshtein distance, on characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
