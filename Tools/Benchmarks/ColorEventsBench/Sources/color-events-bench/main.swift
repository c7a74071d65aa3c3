import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Foundation
import OpenCombine
import Synchronization

// Events/s and median latency of one event delivered to its subscribers: the Strata bus
// (subscribers draining synchronously, and subscribers reading as tasks, like presenters)
// beside the seed's CurrentValueSubject + flatMap + compactMap rebuilt on OpenCombine.
// Every handler does the same work: the colour actions' colour is summed into a checksum.

let arguments = CommandLine.arguments.dropFirst()
let scale = arguments.first.flatMap(Double.init) ?? 1

struct Figures {
    let eventsPerSecond: Double
    let medianMicroseconds: Double
}

/// Rounds the throughput is measured in; the best round counts, so another process taking
/// the CPU for a while (the machine is shared) does not count against either side.
let rounds = 5

/// Runs `send` `events` times for throughput, then times `samples` single sends for the median.
func measure(events: Int, samples: Int, _ send: () -> Void) -> Figures {
    for _ in 0..<max(1, events / 20) { send() }  // warm-up
    let clock = ContinuousClock()
    var elapsed = Duration.seconds(1_000_000)
    for _ in 0..<rounds {
        let start = clock.now
        for _ in 0..<events / rounds { send() }
        elapsed = min(elapsed, start.duration(to: clock.now) * rounds)
    }
    var timings: [Duration] = []
    timings.reserveCapacity(samples)
    for _ in 0..<samples {
        let before = clock.now
        send()
        timings.append(before.duration(to: clock.now))
    }
    timings.sort()
    return Figures(
        eventsPerSecond: Double(events) / seconds(elapsed),
        medianMicroseconds: seconds(timings[timings.count / 2]) * 1e6)
}

/// The same, for a send that must be awaited.
func measureAsync(
    events: Int, samples: Int, send: () async throws -> Void, settle: (() async -> Void)? = nil
) async throws -> Figures {
    for _ in 0..<max(1, events / 20) { try await send() }
    await settle?()
    let clock = ContinuousClock()
    var elapsed = Duration.seconds(1_000_000)
    for _ in 0..<rounds {
        let start = clock.now
        for _ in 0..<events / rounds { try await send() }
        await settle?()
        elapsed = min(elapsed, start.duration(to: clock.now) * rounds)
    }
    var timings: [Duration] = []
    for _ in 0..<samples {
        let before = clock.now
        try await send()
        await settle?()
        timings.append(before.duration(to: clock.now))
    }
    timings.sort()
    return Figures(
        eventsPerSecond: Double(events) / seconds(elapsed),
        medianMicroseconds: seconds(timings[timings.count / 2]) * 1e6)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func newBus() -> ColorEventBus {
    ColorEventBus(
        journal: InMemoryJournalRepository(), random: .seeded(1), clock: .fixed(Date(timeIntervalSince1970: 0)))
}

final class Checksum: @unchecked Sendable {
    // Written by one handler at a time in each scenario; read once at the end.
    var deliveries = 0
    var sum = 0
    func add(_ color: RGBColor?) {
        deliveries += 1
        sum &+= Int(color?.red ?? 0)
    }
}

final class AsyncChecksum: Sendable {
    private let state = Mutex((deliveries: 0, sum: 0))
    func add(_ color: RGBColor?) {
        state.withLock {
            $0.deliveries += 1
            $0.sum &+= Int(color?.red ?? 0)
        }
    }
    var deliveries: Int { state.withLock { $0.deliveries } }
}

// MARK: - Scenario 1: one event -> two actions (the seed's example, three screens listening)

func strataSync(subscribers: Int, event: Event, events: Int, samples: Int) async throws -> (Figures, Int) {
    let bus = newBus()
    let checksum = Checksum()
    let left = (0..<subscribers).map { _ in bus.subscribe(LeftAction.self) }
    let center = bus.subscribe(CenterAction.self)
    let right = bus.subscribe(RightAction.self)
    // The send awaits the journal's write; the subscribers are drained in the same loop, synchronously.
    let figures = try await measureAsync(
        events: events, samples: samples,
        send: {
            _ = try await bus.send(event)
            for subscription in left { for action in subscription.drain() { checksum.add(action.color) } }
            for action in center.drain() { checksum.add(action.color) }
            for action in right.drain() { checksum.add(action.color) }
        })
    return (figures, checksum.deliveries)
}

func strataAsync(subscribers: Int, event: Event, events: Int, samples: Int) async throws -> (Figures, Int) {
    let bus = newBus()
    let checksum = AsyncChecksum()
    let left = (0..<subscribers).map { _ in bus.subscribe(LeftAction.self) }
    let center = bus.subscribe(CenterAction.self)
    let right = bus.subscribe(RightAction.self)
    var readers: [Task<Void, Never>] = []
    for stream in left.map(\.actions) {
        readers.append(Task.detached { for await action in stream { checksum.add(action.color) } })
    }
    let (centerActions, rightActions) = (center.actions, right.actions)
    readers.append(Task.detached { for await action in centerActions { checksum.add(action.color) } })
    readers.append(Task.detached { for await action in rightActions { checksum.add(action.color) } })
    let figures = try await measureAsync(
        events: events, samples: samples, send: { _ = try await bus.send(event) }, settle: { await bus.flush() })
    let deliveries = checksum.deliveries
    for subscription in left { subscription.cancel() }
    center.cancel()
    right.cancel()
    for reader in readers { await reader.value }
    return (figures, deliveries)
}

func openCombine(subscribers: Int, event: SeedEvent, events: Int, samples: Int) -> (Figures, Int) {
    let eventSubject = CurrentValueSubject<SeedEvent, Never>(.initial)
    let checksum = Checksum()
    let random = RandomSource.seeded(1)
    // The screens' `.onReceive` handlers: a colour action draws its colour, as the seed's `randomColor()`.
    let left = (0..<subscribers).map { _ in
        SeedAction(LeftInnerAction.initial, eventSubject: eventSubject) { action in
            if action == .changeLeftColor { checksum.add(RGBColor.random(using: random)) }
        }
    }
    let center = SeedAction(CenterInnerAction.initial, eventSubject: eventSubject) { _ in checksum.add(nil) }
    let right = SeedAction(RightInnerAction.initial, eventSubject: eventSubject) { action in
        if action == .changeRightColor { checksum.add(RGBColor.random(using: random)) }
    }
    let figures = measure(events: events, samples: samples) { eventSubject.send(event) }
    withExtendedLifetime((left, center, right)) {}
    return (figures, checksum.deliveries)
}

// MARK: - Run

func row(_ scenario: String, _ implementation: String, _ figures: Figures) -> String {
    scenario.padding(toLength: 30, withPad: " ", startingAt: 0)
        + implementation.padding(toLength: 34, withPad: " ", startingAt: 0)
        + String(format: "%14.0f %14.2f", figures.eventsPerSecond, figures.medianMicroseconds)
}

func check(_ deliveries: Int, expected: Int, _ what: String) {
    if deliveries != expected {
        FileHandle.standardError.write(
            Data("color-events-bench: \(what) delivered \(deliveries) actions, expected \(expected)\n".utf8))
        exit(1)
    }
}

print(
    "scenario".padding(toLength: 30, withPad: " ", startingAt: 0)
        + "implementation".padding(toLength: 34, withPad: " ", startingAt: 0)
        + "      events/s      median µs")

var ratios: [String] = []
for (name, subscribers, event, seedEvent, perEvent, events, samples) in [
    (
        "1 event -> 2 actions", 1, Event.changeBothSidesColors, SeedEvent.changeBothSidesColors, 2,
        Int(200_000 * scale), 20_000
    ),
    (
        "1 event -> 100 subscribers", 100, Event.changeLeftColor, SeedEvent.changeLeftColor, 100, Int(10_000 * scale),
        2_000
    ),
] {
    let warm = max(1, events / 20)
    let (sync, syncCount) = try await strataSync(
        subscribers: subscribers, event: event, events: events, samples: samples)
    check(syncCount, expected: (warm + events / rounds * rounds + samples) * perEvent, "strata (sync)")
    let (async, asyncCount) = try await strataAsync(
        subscribers: subscribers, event: event, events: events, samples: samples)
    check(asyncCount, expected: (warm + events / rounds * rounds + samples) * perEvent, "strata (task readers)")
    let combineEvents = max(1, events / 4)
    let (combine, combineCount) = openCombine(
        subscribers: subscribers, event: seedEvent, events: combineEvents, samples: samples)
    check(
        combineCount, expected: (max(1, combineEvents / 20) + combineEvents / rounds * rounds + samples) * perEvent,
        "OpenCombine")
    print(row(name, "strata bus (drain)", sync))
    print(row("", "strata bus (task readers + flush)", async))
    print(row("", "OpenCombine 0.14 (seed mechanism)", combine))
    ratios.append(
        String(
            format:
                "%@: throughput strata/OpenCombine %.1fx (task readers %.1fx); median latency OpenCombine/strata %.1fx (task readers %.1fx)",
            name, sync.eventsPerSecond / combine.eventsPerSecond, async.eventsPerSecond / combine.eventsPerSecond,
            combine.medianMicroseconds / sync.medianMicroseconds, combine.medianMicroseconds / async.medianMicroseconds)
    )
}
print("")
for ratio in ratios { print(ratio) }
print("target: strata throughput >= 5x OpenCombine's")
