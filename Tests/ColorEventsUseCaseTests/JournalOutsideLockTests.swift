import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite("The journal is written outside the bus's lock")
struct JournalOutsideLockTests {
    @Test("a send whose journal write is slow does not hold another send up; delivery still follows the journal")
    func slowWriteDoesNotBlock() async throws {
        let journal = GatedJournal()
        let bus = makeBus(seed: 2, journal: journal)
        let left = bus.subscribe(LeftAction.self)
        let group = DispatchGroup()
        // The first send's write waits until a second write went through: with a lock held
        // across the write, the second send could never start, and the gate would time out.
        DispatchQueue.global().async(group: group) {
            _ = try? bus.send(.changeLeftColor)
        }
        journal.firstWriteStarted.wait()
        DispatchQueue.global().async(group: group) {
            _ = try? bus.send(.changeBothSidesColors)
        }
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(!journal.gateTimedOut, "the second write never came while the first waited")
        let entries = try journal.allEntries()
        #expect(
            entries.map(\.event) == [.changeBothSidesColors, .changeLeftColor], "the second send was journaled first")
        // Delivered in journal order, though the first send started first, each colour once.
        let delivered = left.drain().compactMap(\.color)
        #expect(delivered == [entries[0].colors[0], entries[1].colors[0]])
        #expect(delivered.count == 2 && delivered[0] != delivered[1])
    }

    @Test(
        "an entry written first but returned last is still delivered first: delivery follows the journal, not the returns"
    )
    func deliveryWaitsForSmallerSequence() async throws {
        let journal = GatedJournal(waitsAfterWriting: true)
        let bus = makeBus(seed: 6, journal: journal)
        let left = bus.subscribe(LeftAction.self)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { _ = try? bus.send(.changeLeftColor) }
        journal.firstWriteStarted.wait()
        // The second send's entry is number 2 and its write returns first; its action must wait for number 1's.
        DispatchQueue.global().async(group: group) { _ = try? bus.send(.changeBothSidesColors) }
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(!journal.gateTimedOut)
        let entries = try journal.allEntries()
        #expect(entries.map(\.event) == [.changeLeftColor, .changeBothSidesColors])
        let delivered = left.drain().compactMap(\.color)
        #expect(delivered == [entries[0].colors[0], entries[1].colors[0]])
    }

    @Test("a failed write lets later entries through and delivers nothing of its own")
    func failureUnblocksOthers() async throws {
        let journal = FailingOnceJournal()
        let bus = makeBus(seed: 4, journal: journal)
        let left = bus.subscribe(LeftAction.self)
        #expect(throws: FailingJournal.diskFull) { try bus.send(.changeLeftColor) }
        try bus.send(.changeLeftColor)
        let delivered = left.drain()
        #expect(delivered.count == 1)
        #expect(delivered.compactMap(\.color) == (try journal.allEntries()).flatMap(\.colors))
    }
}

/// A journal whose first append waits (up to 5 s) for a second append to finish.
final class GatedJournal: JournalRepository {
    private let base = InMemoryJournalRepository()
    private let calls = Atomic<Int>(0)
    private let gate = DispatchSemaphore(value: 0)
    private let timedOut = Atomic<Bool>(false)
    /// Signalled when the first append starts waiting.
    let firstWriteStarted = DispatchSemaphore(value: 0)
    private let waitsAfterWriting: Bool

    /// A journal whose first append waits before writing, or after (`waitsAfterWriting`).
    init(waitsAfterWriting: Bool = false) { self.waitsAfterWriting = waitsAfterWriting }

    var gateTimedOut: Bool { timedOut.load(ordering: .acquiring) }

    func append(_ event: Event, sentAt: Date, colors: [RGBColor]) throws -> JournalEntry {
        let call = calls.add(1, ordering: .acquiringAndReleasing).newValue
        if call == 1 {
            // Written before the wait: the entry has the smaller number but its send returns last.
            let early = waitsAfterWriting ? try base.append(event, sentAt: sentAt, colors: colors) : nil
            firstWriteStarted.signal()
            if gate.wait(timeout: .now() + 5) == .timedOut { timedOut.store(true, ordering: .releasing) }
            return try early ?? base.append(event, sentAt: sentAt, colors: colors)
        }
        defer { gate.signal() }
        return try base.append(event, sentAt: sentAt, colors: colors)
    }

    func entries(limit: Int?) throws -> [JournalEntry] { try base.entries(limit: limit) }
}

/// A journal whose first append fails, like a disk that was full for a moment.
final class FailingOnceJournal: JournalRepository {
    private let base = InMemoryJournalRepository()
    private let failed = Atomic<Bool>(false)

    func append(_ event: Event, sentAt: Date, colors: [RGBColor]) throws -> JournalEntry {
        if !failed.exchange(true, ordering: .acquiringAndReleasing) { throw FailingJournal.diskFull }
        return try base.append(event, sentAt: sentAt, colors: colors)
    }

    func entries(limit: Int?) throws -> [JournalEntry] { try base.entries(limit: limit) }
}
