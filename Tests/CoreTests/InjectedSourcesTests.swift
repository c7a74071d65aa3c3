import Core
import Foundation
import Testing

@Suite("Injected clock, random source and identifiers")
struct InjectedSourcesTests {
    @Test("a manual clock records sleeps and moves forward without waiting")
    func manualClock() async throws {
        let manual = ManualClock(start: Date(timeIntervalSince1970: 0))
        let clock = manual.clock
        try await clock.sleep(3)
        try await clock.sleep(1.5)
        #expect(manual.sleeps == [3, 1.5])
        #expect(clock.now() == Date(timeIntervalSince1970: 4.5))
    }

    @Test("the same seed gives the same numbers and shuffles; another seed does not")
    func seededRandom() {
        let first = RandomSource.seeded(42)
        let second = RandomSource.seeded(42)
        let other = RandomSource.seeded(43)
        let a = (0..<5).map { _ in first.next() }
        let b = (0..<5).map { _ in second.next() }
        let c = (0..<5).map { _ in other.next() }
        #expect(a == b)
        #expect(a != c)
        #expect(RandomSource.seeded(7).shuffled(Array(1...20)) == RandomSource.seeded(7).shuffled(Array(1...20)))
        #expect(RandomSource.seeded(7).shuffled(Array(1...20)).sorted() == Array(1...20))
    }

    @Test("SplitMix64 gives its published first value for seed 0")
    func splitMixReference() {
        // The reference implementation's first output for seed 0.
        #expect(RandomSource.seeded(0).next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test("int(in:) stays in range and reaches both ends")
    func intRange() {
        let random = RandomSource.seeded(1)
        let draws = (0..<2_000).map { _ in random.int(in: 0...3) }
        #expect(Set(draws) == [0, 1, 2, 3])
    }

    @Test("incrementing UUIDs are readable and distinct")
    func incrementingUUIDs() {
        let uuid = UUIDGenerator.incrementing()
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000002")
    }

    @Test("identifiers encode as their raw value")
    func identifierCoding() throws {
        struct Order {}
        let id = Identifier<Order, String>("abc")
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["abc"]"#)
        #expect(try JSONDecoder().decode([Identifier<Order, String>].self, from: data) == [id])
    }
}
