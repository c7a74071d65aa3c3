import Observation
import Synchronization
import TerminalUI
import Testing

@Suite("ObservedFrame")
@MainActor
struct ObservedFrameTests {
    @Observable
    @MainActor
    final class Counter {
        var shown = 0
        var hidden = 0
    }

    @Test("a change to what the frame read marks it changed once; a change to anything else does not")
    func marksWhatWasRead() {
        let counter = Counter()
        let frame = ObservedFrame()
        #expect(frame.draw { "count \(counter.shown)" } == "count 0")
        #expect(!frame.takeChange())
        counter.hidden += 1
        #expect(!frame.takeChange())
        counter.shown += 1
        #expect(frame.takeChange())
        #expect(!frame.takeChange())
        // Tracking ended with that change: the next one is seen only after drawing again.
        counter.shown += 1
        #expect(!frame.takeChange())
        #expect(frame.draw { "count \(counter.shown)" } == "count 2")
        counter.shown += 1
        #expect(frame.takeChange())
    }

    @Test("onChange runs at the change, for an app that draws at once")
    func callsOnChange() {
        let counter = Counter()
        let frame = ObservedFrame()
        let calls = Mutex(0)
        _ = frame.draw({ counter.shown }, onChange: { calls.withLock { $0 += 1 } })
        counter.shown = 5
        #expect(calls.withLock { $0 } == 1)
    }
}
