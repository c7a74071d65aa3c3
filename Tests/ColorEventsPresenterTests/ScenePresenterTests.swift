import ColorEventsEntity
import ColorEventsPresenter
import ColorEventsUseCase
import Core
import Foundation
import Testing

@MainActor
@Suite("Presenters")
struct ScenePresenterTests {
    static func makeScene(seed: UInt64 = 21) -> (ScenePresenter, ColorEventsUseCase) {
        let useCase = ColorEventsUseCase.inMemory(random: .seeded(seed), clock: ManualClock().clock)
        return (ScenePresenter(useCase: useCase), useCase)
    }

    /// Sends and expects the send to succeed.
    static func send(_ scene: ScenePresenter, _ events: [Event]) async throws {
        await scene.send(events)
        _ = try scene.sent.result()
    }

    @Test("the Center button changes Left and Right, and Center hears nothing")
    func centerButton() async throws {
        let (scene, _) = Self.makeScene(seed: 21)
        try await Self.send(scene, [.changeBothSidesColors])
        let source = RandomSource.seeded(21)
        let (left, right) = (RGBColor.random(using: source), RGBColor.random(using: source))
        #expect(scene.left.background?.color == left && scene.left.background?.name == left.nearestName)
        #expect(scene.right.background?.color == right)
        #expect(scene.center.background == nil)
        #expect(scene.center.actionsReceived == 0)
        #expect(scene.left.actionsReceived == 1 && scene.right.actionsReceived == 1)
        #expect(scene.tabs.selectedIndex == 1)
        #expect(
            scene.sent.value?.map(\.actions) == [
                ["Left.changeLeftColor(\(left.hex))", "Right.changeRightColor(\(right.hex))"]
            ])
    }

    @Test("each presenter's content follows the state machine, its loaded value showing the colour")
    func contentStates() async throws {
        let (scene, _) = Self.makeScene()
        try await Self.send(scene, [.finishLoading])  // refused: nothing is loading
        #expect(scene.screens.allSatisfy { $0.content == .initial })
        try await Self.send(scene, [.startLoading])
        #expect(scene.screens.allSatisfy { $0.content == .loading })
        try await Self.send(scene, [.changeLeftColor, .finishLoading])
        let color = try #require(scene.left.background)
        #expect(scene.left.content.value?.color == color.color)
        #expect(scene.left.content.value?.colorName == color.name)
        #expect(scene.left.content.value?.title == "Left")
        #expect(
            scene.center.content.value
                == ScreenViewData(title: "Center", button: "Change colors", color: nil, colorName: nil))
        try await Self.send(scene, [.startLoading, .failLoading])
        #expect(scene.right.content == .failed(ViewFailure(ColorEventsError.loadingFailed(.right))))
        #expect(
            scene.snapshot.screens.map(\.failure) == [
                .loadingFailed(.left), .loadingFailed(.center), .loadingFailed(.right),
            ])
        try await Self.send(scene, [.reset])
        #expect(scene.screens.allSatisfy { $0.content == .initial && $0.background == nil })
    }

    @Test("the tab presenter follows tab selections and reset")
    func tabs() async throws {
        let (scene, _) = Self.makeScene()
        try await Self.send(scene, [.selectLeft])
        #expect(scene.tabs.selectedIndex == 0)
        try await Self.send(scene, [.selectRight])
        #expect(scene.snapshot.selectedTab == .right)
        try await Self.send(scene, [.reset])
        #expect(scene.tabs.selectedIndex == 1)
    }

    @Test("the presenters' state equals the state replayed from the journal")
    func replayEquality() async throws {
        let (scene, useCase) = Self.makeScene(seed: 4)
        let random = RandomSource.seeded(12)
        for _ in 0..<40 {
            try await Self.send(scene, [random.element(of: Event.allCases) ?? .reset])
            #expect(SceneSnapshot(try await useCase.replay()) == scene.snapshot)
        }
        await scene.replay()
        #expect(try scene.replayed.result() == scene.snapshot)
    }

    @Test("restore brings a new scene to the state the journal leads to")
    func restore() async throws {
        let useCase = ColorEventsUseCase.inMemory(random: .seeded(8), clock: ManualClock().clock)
        let first = ScenePresenter(useCase: useCase)
        try await Self.send(first, [.changeBothSidesColors, .startLoading, .selectLeft])
        let second = ScenePresenter(useCase: useCase)
        await second.restore()
        #expect(try second.restored.result() == first.snapshot)
        #expect(second.snapshot == first.snapshot)
    }

    @Test("the journal and its limit; a negative limit fails with the typed error")
    func journal() async throws {
        let (scene, _) = Self.makeScene(seed: 3)
        try await Self.send(scene, [.changeRightColor, .reset])
        await scene.loadJournal(limit: nil)
        #expect(try scene.journal.result().map(\.event) == [.changeRightColor, .reset])
        #expect(
            try scene.journal.result().first?.colors.map(\.name) == [RGBColor.random(using: .seeded(3)).nearestName])
        await scene.loadJournal(limit: -1)
        #expect(scene.journal == .failed(ViewFailure(ColorEventsError.negativeLimit(-1))))
    }

    @Test("a presenter that goes away ends its subscription")
    func presenterGoesAway() async throws {
        let useCase = ColorEventsUseCase.inMemory(random: .seeded(1), clock: ManualClock().clock)
        var presenter: ScreenPresenter? = ScreenPresenter(.left, useCase: useCase)
        weak let weakPresenter = presenter
        let tabs = useCase.subscribe(TabAction.self)
        try await useCase.send([.changeLeftColor])
        #expect(presenter?.actionsReceived == 1)
        presenter = nil
        #expect(weakPresenter == nil)
        try await useCase.send([.changeLeftColor])  // delivered to nobody
        #expect(tabs.drain().isEmpty)
    }

    @Test("the events table lists every event with its actions")
    func eventTable() async throws {
        let (scene, _) = Self.makeScene()
        await scene.loadEvents()
        let rows = try scene.events.result()
        #expect(rows.map(\.event) == Event.allCases)
        #expect(
            rows.first { $0.event == .changeBothSidesColors }?.actions == [
                "Left.changeLeftColor(random)", "Right.changeRightColor(random)",
            ])
    }
}

extension ViewState {
    /// The loaded value, or the failure's typed error thrown (AppSupport's `result()` is the app's).
    func result() throws -> Value {
        switch self {
        case .loaded(let value): return value
        case .failed(let failure): throw failure.error
        case .initial, .loading: throw UnfinishedLoad()
        }
    }
}

struct UnfinishedLoad: Error {}
