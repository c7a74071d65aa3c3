import ColorEventsEntity
import ColorEventsPresenter
import ColorEventsUseCase
import Core
import Foundation
import Testing

@MainActor
@Suite("Presenters")
struct ScenePresenterTests {
    static func makeScene(seed: UInt64 = 21) -> (ColorEventsScene, ColorEventBus) {
        let bus = ColorEventBus.inMemory(random: .seeded(seed), clock: ManualClock().clock)
        return (ColorEventsScene(bus: bus), bus)
    }

    @Test("the Center button changes Left and Right, and Center hears nothing")
    func centerButton() async throws {
        let (scene, _) = Self.makeScene(seed: 21)
        try await scene.send([.changeBothSidesColors])
        let source = RandomSource.seeded(21)
        let (left, right) = (RGBColor.random(using: source), RGBColor.random(using: source))
        #expect(scene.left.color == ColorModel(left))
        #expect(scene.right.color == ColorModel(right))
        #expect(scene.center.color == nil)
        #expect(scene.center.actionsReceived == 0)
        #expect(scene.left.actionsReceived == 1 && scene.right.actionsReceived == 1)
        #expect(scene.tabs.selected == .center)
    }

    @Test("each presenter's ViewState follows the state machine, its loaded value showing the colour")
    func viewStates() async throws {
        let (scene, _) = Self.makeScene()
        try await scene.send([.finishLoading])  // refused: nothing is loading
        #expect(scene.screens.allSatisfy { $0.viewState == .initial })
        try await scene.send([.startLoading])
        #expect(scene.screens.allSatisfy { $0.viewState == .loading })
        try await scene.send([.changeLeftColor, .finishLoading])
        let hex = try #require(scene.left.color?.color.hex)
        #expect(scene.left.viewState.value?.color == hex)
        #expect(scene.left.viewState.value?.title == "Left")
        #expect(scene.center.viewState.value == ScreenViewData(title: "Center", button: "Change colors", color: nil, colorName: nil))
        try await scene.send([.startLoading, .failLoading])
        #expect(scene.right.viewState == .failed(ViewFailure(MessageError(.internal, ScreenState.failureMessage))))
        try await scene.send([.reset])
        #expect(scene.screens.allSatisfy { $0.viewState == .initial && $0.color == nil })
    }

    @Test("the tab presenter follows tab selections and reset")
    func tabs() async throws {
        let (scene, _) = Self.makeScene()
        try await scene.send([.selectLeft])
        #expect(scene.tabs.selected == .left)
        try await scene.send([.selectRight])
        #expect(scene.snapshot.selectedTab == "right")
        try await scene.send([.reset])
        #expect(scene.tabs.selected == .center)
    }

    @Test("the presenters' state equals the state replayed from the journal")
    func replayEquality() async throws {
        let (scene, bus) = Self.makeScene(seed: 4)
        let random = RandomSource.seeded(12)
        for _ in 0..<40 {
            try await scene.send([random.element(of: Event.allCases) ?? .reset])
            #expect(try bus.replay() == scene.state)
        }
        #expect(try scene.replayed() == scene.snapshot)
    }

    @Test("a presenter that goes away ends its subscription")
    func presenterGoesAway() async throws {
        let bus = ColorEventBus.inMemory(random: .seeded(1), clock: ManualClock().clock)
        var presenter: ScreenPresenter? = ScreenPresenter(LeftAction.self, bus: bus)
        weak let weakPresenter = presenter
        #expect(bus.subscriberCount == 1)
        try bus.send(.changeLeftColor)
        await bus.flush()
        #expect(presenter?.actionsReceived == 1)
        presenter = nil
        #expect(weakPresenter == nil)
        #expect(bus.subscriberCount == 0)
    }

    @Test("the events table lists every event with its actions")
    func eventTable() {
        let rows = ColorEventsScene.eventTable()
        #expect(rows.map(\.event) == Event.allCases.map(\.rawValue))
        #expect(rows.first { $0.event == "changeBothSidesColors" }?.actions == ["Left.changeLeftColor(random)", "Right.changeRightColor(random)"])
    }
}
