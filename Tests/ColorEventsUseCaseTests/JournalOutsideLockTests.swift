import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Foundation
import Synchronization
import Testing

// A send that held the bus's lock across its journal write would keep the second send from
// starting: the first write's gate would never open, and the time limit would end the test.
@Suite("The journal is written outside the bus's lock", .timeLimit(.minutes(1)))
struct JournalOutsideLockTests {
    @Test("a send whose journal write is slow does not hold another send up; delivery still follows the journal")
    func slowWriteDoesNotBlock() async throws {
        let journal = GatedJournal()
        let bus = makeBus(seed: 2, journal: journal)
        let left = bus.subscribe(LeftAction.self)
        // The first send's write waits until a second write went through.
        await sendOverlapping(bus, journal)
        let entries = try await journal.allEntries()
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
        // The second send's entry is number 2 and its write returns first; its action must wait for number 1's.
        await sendOverlapping(bus, journal)
        let entries = try await journal.allEntries()
        #expect(entries.map(\.event) == [.changeLeftColor, .changeBothSidesColors])
        let delivered = left.drain().compactMap(\.color)
        #expect(delivered == [entries[0].colors[0], entries[1].colors[0]])
    }

    @Test("a failed write lets later entries through and delivers nothing of its own")
    func failureUnblocksOthers() async throws {
        let journal = FailingOnceJournal()
        let bus = makeBus(seed: 4, journal: journal)
        let left = bus.subscribe(LeftAction.self)
        await #expect(throws: FailingJournal.diskFull) { try await bus.send(.changeLeftColor) }
        try await bus.send(.changeLeftColor)
        let delivered = left.drain()
        #expect(delivered.count == 1)
        let journaled = try await journal.allEntries().flatMap(\.colors)
        #expect(delivered.compactMap(\.color) == journaled)
    }
}

/// Sends `changeLeftColor`, then, once its journal write has started, `changeBothSidesColors`; returns when both are done.
private func sendOverlapping(_ bus: ColorEventBus, _ journal: GatedJournal) async {
    let first = Task { _ = try? await bus.send(.changeLeftColor) }
    await journal.firstWriteStarted.wait()
    let second = Task { _ = try? await bus.send(.changeBothSidesColors) }
    await first.value
    await second.value
}

/// A journal whose first append waits for a second append to finish.
final class GatedJournal: JournalRepository {
    private let base = InMemoryJournalRepository()
    private let calls = Atomic<Int>(0)
    private let gate = Gate()
    /// Opened when the first append starts waiting.
    let firstWriteStarted = Gate()
    private let waitsAfterWriting: Bool

    /// A journal whose first append waits before writing, or after (`waitsAfterWriting`).
    init(waitsAfterWriting: Bool = false) { self.waitsAfterWriting = waitsAfterWriting }

    func append(_ event: Event, sentAt: Date, colors: [RGBColor]) async throws -> JournalEntry {
        let call = calls.add(1, ordering: .acquiringAndReleasing).newValue
        if call == 1 {
            // Written before the wait: the entry has the smaller number but its send returns last.
            let early = waitsAfterWriting ? try await base.append(event, sentAt: sentAt, colors: colors) : nil
            firstWriteStarted.open()
            await gate.wait()
            if let early { return early }
            return try await base.append(event, sentAt: sentAt, colors: colors)
        }
        defer { gate.open() }
        return try await base.append(event, sentAt: sentAt, colors: colors)
    }

    func entries(limit: Int?) async throws -> [JournalEntry] { try await base.entries(limit: limit) }

    func entries(after sequence: Int64) async throws -> [JournalEntry] { try await base.entries(after: sequence) }
}

/// A journal whose first append fails, like a disk that was full for a moment.
final class FailingOnceJournal: JournalRepository {
    private let base = InMemoryJournalRepository()
    private let failed = Atomic<Bool>(false)

    func append(_ event: Event, sentAt: Date, colors: [RGBColor]) async throws -> JournalEntry {
        if !failed.exchange(true, ordering: .acquiringAndReleasing) { throw FailingJournal.diskFull }
        return try await base.append(event, sentAt: sentAt, colors: colors)
    }

    func entries(limit: Int?) async throws -> [JournalEntry] { try await base.entries(limit: limit) }

    func entries(after sequence: Int64) async throws -> [JournalEntry] { try await base.entries(after: sequence) }
}

/// A one-time signal that one task waits for without blocking a thread.
final class Gate: Sendable {
    private let opened: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (opened, continuation) = AsyncStream.makeStream() }

    /// Opens the gate, before or while its waiter waits.
    func open() { continuation.finish() }

    /// Returns once the gate is open.
    func wait() async {
        for await _ in opened {}
    }
}
