import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Foundation
import Testing

@Suite("Routing: one event, many actions, each subscriber its own type")
struct RoutingTests {
    @Test("the seed's example: changeBothSidesColors reaches Left and Right, not Center nor the tabs")
    func seedExample() async throws {
        let bus = makeBus(seed: 42)
        let (left, center, right, tabs) = (
            bus.subscribe(LeftAction.self), bus.subscribe(CenterAction.self), bus.subscribe(RightAction.self),
            bus.subscribe(TabAction.self)
        )
        let sent = try await bus.send(.changeBothSidesColors)
        let expected = colours(seed: 42, count: 2)
        #expect(left.drain() == [.changeLeftColor(.fixed(expected[0]))])
        #expect(right.drain() == [.changeRightColor(.fixed(expected[1]))])
        #expect(center.drain().isEmpty)
        #expect(tabs.drain().isEmpty)
        #expect(sent.entry.colors == expected)
        #expect(sent.actions.count == 2)
    }

    @Test("every subscriber of a type gets the action, once; a second drain is empty")
    func everySubscriberOnce() async throws {
        let bus = makeBus()
        let subscribers = (0..<5).map { _ in bus.subscribe(LeftAction.self) }
        try await bus.send(.changeLeftColor)
        var received: [[LeftAction]] = []
        for subscriber in subscribers { received.append(subscriber.drain()) }
        #expect(received.allSatisfy { $0.count == 1 })
        #expect(Set(received.map { $0.first?.color }).count == 1, "all subscribers see the one colour drawn")
        var again: [[LeftAction]] = []
        for subscriber in subscribers { again.append(subscriber.drain()) }
        #expect(again.allSatisfy { $0.isEmpty })
    }

    @Test("actions arrive in table order, events in send order")
    func order() async throws {
        let fixed = RGBColor(red: 1, green: 2, blue: 3)
        let table = ActionTable([
            .startLoading: [
                LeftAction.changeStateTo(.loading), CenterAction.reset, LeftAction.changeLeftColor(.fixed(fixed)),
                LeftAction.reset,
            ],
            .selectLeft: [TabAction.select(.left), LeftAction.changeStateTo(.loaded)],
        ])
        let bus = makeBus(table: table)
        let left = bus.subscribe(LeftAction.self)
        try await bus.send([.startLoading, .selectLeft, .startLoading])
        let once: [LeftAction] = [.changeStateTo(.loading), .changeLeftColor(.fixed(fixed)), .reset]
        #expect(left.drain() == once + [.changeStateTo(.loaded)] + once)
    }

    @Test("a default action in the table is never delivered")
    func defaultNeverDelivered() async throws {
        let table = ActionTable([
            .reset: [LeftAction.initial, TabAction.initial, LeftAction.reset, CenterAction.initial]
        ])
        let bus = makeBus(table: table)
        let (left, center, tabs) = (
            bus.subscribe(LeftAction.self), bus.subscribe(CenterAction.self), bus.subscribe(TabAction.self)
        )
        let sent = try await bus.send(.reset)
        #expect(left.drain() == [.reset])
        let (centerRest, tabsRest) = (center.drain(), tabs.drain())
        #expect(centerRest.isEmpty && tabsRest.isEmpty)
        #expect(sent.actions.count == 1)
    }

    @Test("an event with no actions is journaled and delivers nothing")
    func emptyEvent() async throws {
        let bus = makeBus()
        let left = bus.subscribe(LeftAction.self)
        try await bus.send(.initial)
        #expect(left.drain().isEmpty)
        #expect(try await bus.journal(limit: nil).map(\.event) == [.initial])
    }

    @Test("a subscriber hears only what is sent after it subscribed")
    func lateSubscriber() async throws {
        let bus = makeBus()
        try await bus.send(.changeLeftColor)
        let left = bus.subscribe(LeftAction.self)
        #expect(left.drain().isEmpty)
    }

    @Test("when the journal cannot be written, nothing is delivered and the error says so")
    func journalFailure() async throws {
        let bus = makeBus(journal: FailingJournal())
        let left = bus.subscribe(LeftAction.self)
        await #expect(throws: FailingJournal.diskFull) { try await bus.send(.changeLeftColor) }
        #expect(left.drain().isEmpty)
    }
}
