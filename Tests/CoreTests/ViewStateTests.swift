import Core
import Testing

@Suite("ViewState")
struct ViewStateTests {
    @Test("a load moves initial to loading, then to loaded or failed")
    func happyPaths() {
        var state = ViewState<Int>.initial
        #expect(step(&state, .load))
        #expect(state == .loading)
        #expect(step(&state, .succeed(3)))
        #expect(state == .loaded(3))
        #expect(state.value == 3)

        var failing = ViewState<Int>.loading
        #expect(step(&failing, .fail("no network; try again")))
        #expect(failing.failureMessage == "no network; try again")
    }

    @Test("a result without a load in progress is refused and changes nothing",
          arguments: [ViewState<Int>.initial, .loaded(1), .failed("x")])
    func refusesResultsOutsideLoading(start: ViewState<Int>) {
        var state = start
        #expect(!step(&state, .succeed(2)))
        #expect(!step(&state, .fail("boom")))
        #expect(state == start)
    }

    @Test("a second load while loading is refused; refresh and retry are allowed")
    func loadRules() {
        var state = ViewState<Int>.loading
        #expect(!step(&state, .load))
        state = .loaded(1)
        #expect(step(&state, .load))
        state = .failed("x")
        #expect(step(&state, .load))
    }

    @Test("reset goes back to initial from every state", arguments: [ViewState<Int>.initial, .loading, .loaded(1), .failed("x")])
    func reset(start: ViewState<Int>) {
        var state = start
        #expect(step(&state, .reset))
        #expect(state == .initial)
    }

    @Test("load(_:) records the value or the error's one-line message")
    func loadHelper() async {
        var state = ViewState<String>.initial
        await state.load { "done" }
        #expect(state == .loaded("done"))
        var failed = ViewState<String>.initial
        await failed.load { throw DomainError.notFound("no paper 1234.5678; check the id") }
        #expect(failed == .failed("no paper 1234.5678; check the id"))
    }

    @Test("map transforms only the loaded value")
    func map() {
        #expect(ViewState<Int>.loaded(2).map { $0 * 10 } == .loaded(20))
        #expect(ViewState<Int>.failed("x").map { $0 * 10 } == .failed("x"))
        #expect(ViewState<Int>.loading.map { $0 * 10 } == .loading)
    }
}

/// Applies an event outside `#expect`, which cannot mutate its operands.
private func step(_ state: inout ViewState<Int>, _ event: ViewState<Int>.Event) -> Bool {
    state.apply(event)
}
