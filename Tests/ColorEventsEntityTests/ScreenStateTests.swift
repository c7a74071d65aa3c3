import ColorEventsEntity
import Core
import Foundation
import Testing

@Suite("A screen's state machine")
struct ScreenStateTests {
    @Test("initial -> loading -> loaded, and reset from anywhere")
    func happyPath() {
        var state = ScreenState(.center)
        #expect(state.phase == .initial)
        #expect(applied(&state, .phase(.loading)))
        #expect(state.phase == .loading)
        #expect(applied(&state, .phase(.loaded)))
        #expect(state.viewState == .loaded(ScreenContent(.center)))
        #expect(state.viewState.value?.button == "Change colors")
        #expect(applied(&state, .phase(.initial)))
        #expect(state.phase == .initial)
    }

    @Test(
        "forbidden moves are refused and change nothing",
        arguments: [
            ([ScreenPhase](), ScreenPhase.loaded), ([], .failed), ([.loading], .loading),
            ([.loading, .loaded], .failed),
            ([.loading, .failed], .loaded),
        ])
    func refused(path: [ScreenPhase], forbidden: ScreenPhase) {
        var state = ScreenState(.left)
        for phase in path { #expect(applied(&state, .phase(phase))) }
        let before = state
        #expect(!applied(&state, .phase(forbidden)))
        #expect(state == before)
    }

    @Test("a failed screen carries the typed failure and can load again")
    func failure() {
        var state = ScreenState(.right)
        state.apply(.phase(.loading))
        state.apply(.phase(.failed))
        #expect(state.viewState.failure?.error as? ColorEventsError == .loadingFailed(.right))
        #expect(state.viewState.failure?.kind == .internal)
        #expect(applied(&state, .phase(.loading)))
    }

    @Test("colour changes leave the state machine alone; reset clears both")
    func colourAndReset() {
        let color = RGBColor(red: 1, green: 2, blue: 3)
        var state = ScreenState(.left)
        state.apply(.phase(.loading))
        state.apply(.color(color))
        #expect(state.color == color && state.phase == .loading)
        state.apply(.reset)
        #expect(state == ScreenState(.left))
    }

    @Test("each screen's actions change that screen only")
    func actionsStayOnTheirScreen() {
        let color = RGBColor(red: 9, green: 9, blue: 9)
        var scene = SceneState()
        LeftAction.changeLeftColor(.fixed(color)).apply(to: &scene)
        #expect(scene.left.color == color && scene.right.color == nil && scene.center == ScreenState(.center))
        RightAction.changeStateTo(.loading).apply(to: &scene)
        #expect(scene.right.phase == .loading && scene.left.phase == .initial)
        TabAction.select(.right).apply(to: &scene)
        #expect(scene.selectedTab == .right)
        // A colour change whose colour was never drawn, and a default, change nothing.
        #expect(!LeftAction.changeLeftColor(.random).apply(to: &scene))
        #expect(!TabAction.initial.apply(to: &scene))
        #expect(scene.left.color == color)
    }

    @Test("replaying a journal applies every entry's actions with their recorded colours")
    func replaying() throws {
        let (a, b, c) = (
            RGBColor(red: 1, green: 0, blue: 0), RGBColor(red: 0, green: 1, blue: 0),
            RGBColor(red: 0, green: 0, blue: 1)
        )
        let date = Date(timeIntervalSince1970: 0)
        let entries = [
            JournalEntry(sequence: 1, event: .changeBothSidesColors, sentAt: date, colors: [a, b]),
            JournalEntry(sequence: 2, event: .startLoading, sentAt: date, colors: []),
            JournalEntry(sequence: 3, event: .changeLeftColor, sentAt: date, colors: [c]),
            JournalEntry(sequence: 4, event: .selectRight, sentAt: date, colors: []),
        ]
        let scene = try SceneState.replaying(entries)
        #expect(scene.left.color == c && scene.right.color == b && scene.center.color == nil)
        #expect(Screen.allCases.allSatisfy { scene[$0].phase == .loading })
        #expect(scene.selectedTab == .right)
        let reset = try SceneState.replaying(
            entries + [JournalEntry(sequence: 5, event: .reset, sentAt: date, colors: [])])
        #expect(reset == SceneState())
    }
}

/// Applies `change`, returning whether the machine accepted it (a mutating call cannot sit inside `#expect`).
private func applied(_ state: inout ScreenState, _ change: ScreenChange) -> Bool {
    state.apply(change)
}
