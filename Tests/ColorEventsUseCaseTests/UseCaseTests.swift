import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Foundation
import Synchronization
import Testing

@Suite("The use case")
struct UseCaseTests {
    @Test("send returns once every reader applied its actions, and returns what was journaled")
    func sendWaitsForReaders() async throws {
        let useCase = ColorEventsUseCase.inMemory(random: .seeded(42), clock: ManualClock().clock)
        let subscription = useCase.subscribe(LeftAction.self)
        let seen = Mutex<[LeftAction]>([])
        let actions = subscription.actions
        let reader = Task { for await action in actions { seen.withLock { $0.append(action) } } }
        let sent = try await useCase.send([.changeBothSidesColors, .changeLeftColor])
        #expect(sent.map(\.entry.sequence) == [1, 2])
        #expect(seen.withLock { $0 }.compactMap(\.color) == [sent[0].entry.colors[0], sent[1].entry.colors[0]])
        subscription.cancel()
        await reader.value
    }

    @Test("restore delivers the journal to new subscribers; journal and replay read it back")
    func restoreAndRead() async throws {
        let journal = InMemoryJournalRepository()
        let first = ColorEventsUseCase(
            bus: ColorEventBus(journal: journal, random: .seeded(3), clock: ManualClock().clock))
        try await first.send([.changeRightColor, .selectLeft])
        let second = ColorEventsUseCase(
            bus: ColorEventBus(journal: journal, random: .seeded(9), clock: ManualClock().clock))
        let tabs = second.subscribe(TabAction.self)
        #expect(try await second.restore() == 2)
        #expect(tabs.drain() == [.select(.left)])
        #expect(try await second.journal(limit: 1).map(\.event) == [.selectLeft])
        let replayed = try await first.replay()
        #expect(try await second.replay() == replayed)
        await #expect(throws: ColorEventsError.negativeLimit(-2)) { try await second.journal(limit: -2) }
    }

    @Test("a journal entry whose colours do not fit its event cannot be restored, and nothing is delivered")
    func unreplayable() async throws {
        let journal = InMemoryJournalRepository()
        _ = try await journal.append(.changeLeftColor, sentAt: Date(timeIntervalSince1970: 0), colors: [])
        let useCase = ColorEventsUseCase(bus: ColorEventBus(journal: journal, random: .seeded(1)))
        let left = useCase.subscribe(LeftAction.self)
        await #expect(throws: ColorEventsError.colorCountMismatch(event: .changeLeftColor, expected: 1, recorded: 0)) {
            try await useCase.restore()
        }
        #expect(left.drain().isEmpty)
    }
}
