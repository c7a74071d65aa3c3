import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Foundation
import Testing

@Suite("Many senders at once")
struct ConcurrencyTests {
    static let senders = 8
    static let perSender = 250

    @Test("every action is delivered exactly once, in the journal's order, to subscribers reading as it goes")
    func exactlyOnce() async throws {
        let journal = InMemoryJournalRepository()
        let bus = makeBus(seed: 3, journal: journal)
        let left = bus.subscribe(LeftAction.self)
        let right = bus.subscribe(RightAction.self)
        let tabs = bus.subscribe(TabAction.self)
        let total = Self.senders * Self.perSender
        // Subscribers consume concurrently with the senders, as a presenter would.
        async let leftSeen = collect(left.actions, count: total)
        async let rightSeen = collect(right.actions, count: total + total / 2)
        await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<Self.senders {
                group.addTask {
                    for _ in 0..<Self.perSender {
                        try await bus.send(sender.isMultiple(of: 2) ? .changeBothSidesColors : .changeLeftColor)
                        try await bus.send(.changeRightColor)
                    }
                }
            }
        }
        let (lefts, rights) = await (leftSeen, rightSeen)
        let entries = try await journal.allEntries()
        #expect(entries.count == total * 2)
        #expect(entries.map(\.sequence) == Array(1...Int64(total * 2)))
        // Each colour drawn went to exactly one action, and each subscriber saw its own in journal order.
        let journaledLeft = entries.filter { $0.event != .changeRightColor }.compactMap(\.colors.first)
        let journaledRight = entries.compactMap { $0.event == .changeLeftColor ? nil : $0.colors.last }
        // Compared as Booleans: a failure should not print thousands of colours.
        let leftInJournalOrder = lefts.compactMap(\.color) == journaledLeft
        let rightInJournalOrder = rights.compactMap(\.color) == journaledRight
        #expect(leftInJournalOrder)
        #expect(rightInJournalOrder)
        #expect(lefts.count == total && rights.count == total + total / 2)
        let (leftRest, rightRest, tabsRest) = (left.drain(), right.drain(), tabs.drain())
        #expect(leftRest.isEmpty && rightRest.isEmpty && tabsRest.isEmpty)
    }

    @Test("subscribing and unsubscribing while others send never loses or repeats an action")
    func churn() async throws {
        let bus = makeBus()
        let steady = bus.subscribe(CenterAction.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<500 { try await bus.send(.startLoading) }
            }
            group.addTask {
                for _ in 0..<500 { _ = bus.subscribe(CenterAction.self) }  // each ends at once
            }
            try await group.waitForAll()
        }
        #expect(steady.drain().count == 500)
        #expect(bus.subscriberCount == 1)
    }

    private func collect<A: ScreenAction>(_ actions: ActionStream<A>, count: Int) async -> [A] {
        var seen: [A] = []
        for await action in actions {
            seen.append(action)
            if seen.count == count { break }
        }
        return seen
    }
}
