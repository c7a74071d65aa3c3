import Database
import Foundation
import PapersRepository
import Testing

/// The digest's mark only moves forward, whichever of two digests finishes last.
@Suite("The digest's mark")
struct DigestMarkTests {
    @Test("an earlier mark set after a later one leaves the later one, in SQLite and in memory")
    func onlyForward() async throws {
        let earlier = Date(timeIntervalSince1970: 1_700_000_000)
        let later = earlier.addingTimeInterval(60)
        let libraries: [any PaperLibrary] = [
            SQLitePaperLibrary(database: try AppDatabase.inMemory(migrator: PapersSchema.migrator)),
            InMemoryPaperLibrary(),
        ]
        for library in libraries {
            #expect(try await library.digestMark() == nil)
            try await library.setDigestMark(earlier)
            #expect(try await library.digestMark() == earlier)
            try await library.setDigestMark(later)
            try await library.setDigestMark(earlier)
            #expect(try await library.digestMark() == later, "\(type(of: library))")
        }
    }
}
