import Core
import Testing

/// A feature's typed failure, as presenters publish it.
private enum SampleError: DomainError, Equatable {
    case offline
    case missing(String)
    var kind: ErrorKind { self == .offline ? .network : .notFound }
}

private let x = ViewFailure(SampleError.offline)

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
        #expect(step(&failing, .fail(ViewFailure(SampleError.offline))))
        #expect(failing.failure?.error as? SampleError == .offline)
        #expect(failing.failure?.kind == .network)
    }

    @Test(
        "a result without a load in progress is refused and changes nothing",
        arguments: [ViewState<Int>.initial, .loaded(1), .failed(x)])
    func refusesResultsOutsideLoading(start: ViewState<Int>) {
        var state = start
        #expect(!step(&state, .succeed(2)))
        #expect(!step(&state, .fail(x)))
        #expect(state == start)
    }

    @Test("a second load while loading is refused; refresh and retry are allowed")
    func loadRules() {
        var state = ViewState<Int>.loading
        #expect(!step(&state, .load))
        state = .loaded(1)
        #expect(step(&state, .load))
        state = .failed(x)
        #expect(step(&state, .load))
    }

    @Test(
        "reset goes back to initial from every state",
        arguments: [ViewState<Int>.initial, .loading, .loaded(1), .failed(x)])
    func reset(start: ViewState<Int>) {
        var state = start
        #expect(step(&state, .reset))
        #expect(state == .initial)
    }

    @Test("map transforms only the loaded value")
    func map() {
        #expect(ViewState<Int>.loaded(2).map { $0 * 10 } == .loaded(20))
        #expect(ViewState<Int>.failed(x).map { $0 * 10 } == .failed(x))
        #expect(ViewState<Int>.loading.map { $0 * 10 } == .loading)
    }
}

@Suite("Presenting")
@MainActor
struct PresentingTests {
    @MainActor
    final class Sample: Presenting {
        var count: ViewState<Int> = .initial
    }

    @Test("load(_:_:) publishes loading while the work runs, then the value or the typed error")
    func publishes() async {
        let sample = Sample()
        await sample.load(\.count) {
            await Task.yield()
            #expect(sample.count == .loading)
            return 7
        }
        #expect(sample.count == .loaded(7))
        await sample.load(\.count) { throw SampleError.offline }
        #expect(sample.count.failure?.error as? SampleError == .offline)
    }

    @Test("a non-domain error is kept as an UnexpectedError of kind internal")
    func unexpected() async {
        struct Boom: Error {}
        let sample = Sample()
        await sample.load(\.count) { throw Boom() }
        #expect(sample.count.failure?.kind == .internal)
        #expect(sample.count.failure?.error is UnexpectedError)
    }
}

/// Applies an event outside `#expect`, which cannot mutate its operands.
private func step(_ state: inout ViewState<Int>, _ event: ViewState<Int>.Event) -> Bool {
    state.apply(event)
}
