import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Foundation
import Testing

@Suite("Subscriptions' lifetime, flushing, journal and replay")
struct LifetimeAndReplayTests {
    @Test("a subscription ends when its owner lets it go, and its stream finishes")
    func ownerGoesAway() async throws {
        let bus = makeBus()
        var subscription: ActionSubscription<LeftAction>? = bus.subscribe(LeftAction.self)
        #expect(bus.subscriberCount == 1)
        let actions = try #require(subscription?.actions)
        let reader = Task { await actions.reduce(into: 0) { count, _ in count += 1 } }
        try await bus.send(.changeLeftColor)
        await bus.flush()
        subscription = nil
        #expect(bus.subscriberCount == 0)
        #expect(await reader.value == 1, "the reader saw the one action, then the end")
        try await bus.send(.changeLeftColor)  // goes nowhere
        #expect(bus.subscriberCount == 0)
    }

    @Test("cancel ends a subscription at once and drops what was not taken")
    func cancel() async throws {
        let bus = makeBus()
        let subscription = bus.subscribe(RightAction.self)
        try await bus.send(.changeRightColor)
        subscription.cancel()
        #expect(subscription.drain().isEmpty)
        try await bus.send(.changeRightColor)
        #expect(subscription.drain().isEmpty)
    }

    @Test("flush returns once every reader has handled what was sent before it")
    func flush() async throws {
        let bus = makeBus()
        let subscription = bus.subscribe(TabAction.self)
        let seen = Counter()
        let actions = subscription.actions
        let reader = Task {
            for await _ in actions { await seen.increment() }
        }
        try await bus.send([.selectLeft, .selectRight, .selectCenter])
        await bus.flush()
        #expect(await seen.value == 3)
        await bus.flush()  // nothing pending: returns at once
        subscription.cancel()
        await reader.value
    }

    @Test("replay rebuilds exactly the state the subscribers reached")
    func replayEqualsLive() async throws {
        let bus = makeBus(seed: 11)
        let subscriptions = (
            bus.subscribe(LeftAction.self), bus.subscribe(CenterAction.self), bus.subscribe(RightAction.self),
            bus.subscribe(TabAction.self)
        )
        let random = RandomSource.seeded(5)
        var live = SceneState()
        for _ in 0..<300 {
            try await bus.send(random.element(of: Event.allCases) ?? .reset)
            for action in subscriptions.0.drain() { action.apply(to: &live) }
            for action in subscriptions.1.drain() { action.apply(to: &live) }
            for action in subscriptions.2.drain() { action.apply(to: &live) }
            for action in subscriptions.3.drain() { action.apply(to: &live) }
        }
        #expect(try await bus.replay() == live)
        #expect(live != SceneState(), "300 random events leave some trace")
    }

    @Test("restore delivers the journal to a new bus's subscribers without journaling it again")
    func restore() async throws {
        let journal = InMemoryJournalRepository()
        let first = makeBus(seed: 1, journal: journal)
        try await first.send([.changeBothSidesColors, .startLoading, .changeLeftColor])
        let second = makeBus(seed: 99, journal: journal)
        let left = second.subscribe(LeftAction.self)
        #expect(try await second.restore() == 3)
        var scene = SceneState()
        for action in left.drain() { action.apply(to: &scene) }
        #expect(scene.left == (try await first.replay()).left)
        #expect(try await journal.allEntries().count == 3)
    }

    @Test("the journal keeps every event with its time and colours; a negative limit is refused")
    func journal() async throws {
        let clock = ManualClock()
        let bus = ColorEventBus(journal: InMemoryJournalRepository(), random: .seeded(8), clock: clock.clock)
        try await bus.send(.changeBothSidesColors)
        clock.advance(by: 60)
        try await bus.send(.reset)
        let entries = try await bus.journal(limit: nil)
        #expect(entries.map(\.event) == [.changeBothSidesColors, .reset])
        #expect(entries[1].sentAt.timeIntervalSince(entries[0].sentAt) == 60)
        #expect(entries[0].colors == colours(seed: 8, count: 2))
        #expect(try await bus.journal(limit: 1).map(\.event) == [.reset])
        await #expect(throws: ColorEventsError.negativeLimit(-1)) {
            try await ColorEventsUseCase(bus: bus).journal(limit: -1)
        }
    }
}

private actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
