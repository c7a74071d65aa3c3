import Mailbox
import Synchronization
import Testing

// A barrier that never passes leaves its test waiting: the time limit ends it as a failure.
@Suite("The mailbox: a subscriber's queue with barriers", .timeLimit(.minutes(1)))
struct MailboxTests {
    @Test("items come out in order, each once, whether drained or read")
    func order() async {
        let mailbox = Mailbox()
        for value in 1...3 { mailbox.enqueue(value) }
        #expect(mailbox.drain().compactMap { $0 as? Int } == [1, 2, 3])
        #expect(mailbox.drain().isEmpty)
        for value in 4...5 { mailbox.enqueue(value) }
        #expect(await mailbox.next() as? Int == 4)
        #expect(await mailbox.next() as? Int == 5)
    }

    @Test("a waiting reader is handed the next item")
    func waitingReader() async {
        let mailbox = Mailbox()
        mailbox.markRead()
        let reader = Task { await mailbox.next() as? String }
        // The barrier passes once the reader has asked for an item: it is waiting now.
        await withCheckedContinuation { mailbox.addBarrier($0) }
        mailbox.enqueue("hello")
        #expect(await reader.value == "hello")
    }

    @Test("finish drops queued items, ends a waiting reader and drops later items")
    func finish() async {
        let mailbox = Mailbox()
        mailbox.enqueue(1)
        mailbox.finish()
        #expect(await mailbox.next() == nil)
        mailbox.enqueue(2)
        #expect(mailbox.drain().isEmpty)
        let other = Mailbox()
        other.markRead()
        let reader = Task { await other.next() }
        await withCheckedContinuation { other.addBarrier($0) }
        other.finish()
        #expect(await reader.value == nil)
    }

    @Test("a cancelled reader gets nil")
    func cancelled() async {
        let mailbox = Mailbox()
        let reader = Task { await mailbox.next() }
        reader.cancel()
        #expect(await reader.value == nil)
    }

    @Test("a barrier passes once the reader asks for the item after it")
    func barrier() async {
        let mailbox = Mailbox()
        mailbox.markRead()
        mailbox.enqueue(1)
        let passed = Atomic<Bool>(false)
        let (added, barrierAdded) = AsyncStream<Void>.makeStream()
        let flush = Task {
            await withCheckedContinuation { barrier in
                mailbox.addBarrier(barrier)
                barrierAdded.finish()
            }
            passed.store(true, ordering: .sequentiallyConsistent)
        }
        for await _ in added {}
        let early = passed.load(ordering: .sequentiallyConsistent)
        #expect(!early, "item 1 is not handled yet")
        #expect(await mailbox.next() as? Int == 1)
        mailbox.enqueue(2)
        #expect(await mailbox.next() as? Int == 2)  // asking past the barrier passes it
        await flush.value
        let late = passed.load(ordering: .sequentiallyConsistent)
        #expect(late)
    }

    @Test("a barrier passes at once with no reader, a reader already waiting, or a finished mailbox")
    func barrierAtOnce() async {
        let unread = Mailbox()
        unread.enqueue(1)
        await withCheckedContinuation { unread.addBarrier($0) }
        #expect(unread.drain().count == 1)
        let finished = Mailbox()
        finished.markRead()
        finished.enqueue(1)
        finished.finish()
        await withCheckedContinuation { finished.addBarrier($0) }
        let waiting = Mailbox()
        waiting.markRead()
        let reader = Task { await waiting.next() }
        // The first barrier passes when the reader asks; the second, with the reader waiting, at once.
        await withCheckedContinuation { waiting.addBarrier($0) }
        await withCheckedContinuation { waiting.addBarrier($0) }
        waiting.finish()
        #expect(await reader.value == nil)
    }

    @Test("barriers queued when the mailbox finishes are passed")
    func finishPassesBarriers() async {
        let mailbox = Mailbox()
        mailbox.markRead()
        mailbox.enqueue(1)
        let (added, barrierAdded) = AsyncStream<Void>.makeStream()
        let flush = Task {
            await withCheckedContinuation { barrier in
                mailbox.addBarrier(barrier)
                barrierAdded.finish()
            }
        }
        for await _ in added {}
        mailbox.finish()
        await flush.value
    }

    @Test("many senders, one reader: every item once, each sender's in its order")
    func concurrentSenders() async {
        let mailbox = Mailbox()
        mailbox.markRead()
        let senders = 4
        let perSender = 500
        let reader = Task {
            var seen: [[Int]] = Array(repeating: [], count: senders)
            for _ in 0..<senders * perSender {
                guard let (sender, value) = await mailbox.next() as? (Int, Int) else { break }
                seen[sender].append(value)
            }
            return seen
        }
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask { for value in 0..<perSender { mailbox.enqueue((sender, value)) } }
            }
        }
        let seen = await reader.value
        #expect(seen.allSatisfy { $0 == Array(0..<perSender) })
    }
}
