import ArgumentParser
import Hummingbird
import ServiceLifecycle

/// Event streams that share one watch of the data: each change is rendered once per audience and
/// the same bytes are sent to every open stream of that audience, and at most `limit` streams are open.
///
/// One task asks `version()` every `interval` while any stream is open (a revision counter that
/// every process writing the data raises, so a change made anywhere reaches every page); or, when
/// the store signals its changes itself (`wakeUps`, such as PostgreSQL's `NOTIFY`), it asks on
/// each signal and at every `heartbeat`, and never polls. A change
/// costs one rendering per audience (everyone, or one staff session) however many pages are open,
/// and one write per stream of bytes already made. A stream that cannot keep up keeps only its
/// latest few updates, each the whole region. A comment every `heartbeat` without a change finds
/// the clients that went away. Past `limit` open streams a new one is answered 503 with
/// `Retry-After`, before anything is rendered for it.
public actor LiveBroadcast<Version: Equatable & Sendable> {
    /// Renders the event an audience is sent.
    public typealias Render = @Sendable () async throws -> ServerSentEvent

    private struct Subscriber {
        let audience: String
        let continuation: AsyncStream<ByteBuffer>.Continuation
        /// The version this stream's last event showed; `nil` until its first event is sent.
        var seen: Version?
    }

    private let limit: Int
    private let interval: Duration
    private let heartbeat: Duration
    private let version: @Sendable () async throws -> Version
    private let wakeUps: AsyncStream<Void>?
    private var subscribers: [UInt64: Subscriber] = [:]
    private var renderers: [String: Render] = [:]
    private var nextID: UInt64 = 0
    private var watcher: Task<Void, Never>?
    /// With `wakeUps`: the heartbeat's own task, beside the watcher that takes the signals.
    private var pulse: Task<Void, Never>?
    /// Whether a check runs now, and whether another was asked for meanwhile.
    private var checking = false
    private var checkAgain = false
    private var lastWrite = ContinuousClock.now
    private var renderings = 0

    /// A broadcast of the data whose version `version()` reads, to at most `limit` streams at once:
    /// read every `interval`, or on each of `wakeUps` when the store signals its changes.
    public init(
        limit: Int = LiveStreams.defaultLimit, interval: Duration = .milliseconds(100),
        heartbeat: Duration = .seconds(15), wakeUps: AsyncStream<Void>? = nil,
        version: @escaping @Sendable () async throws -> Version
    ) {
        self.limit = max(1, limit)
        self.interval = interval
        self.heartbeat = heartbeat
        self.wakeUps = wakeUps
        self.version = version
    }

    deinit {
        watcher?.cancel()
        pulse?.cancel()
    }

    /// How many renderings the changes have cost so far (a stream's first event is its own).
    public var changeRenderings: Int { renderings }

    /// How many streams are open.
    public var openStreams: Int { subscribers.count }

    /// A stream that sends `render()`'s event at once and again after every change, rendered once
    /// per change for all the streams of `audience`; 503 when `limit` streams are open.
    ///
    /// Every stream of one audience must be sent the same thing: `render` is kept per audience.
    public func response(audience: String = "", render: @escaping Render) -> Response {
        guard subscribers.count < limit else { return LiveStreams.full(limit: limit) }
        nextID += 1
        let id = nextID
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(4))
        subscribers[id] = Subscriber(audience: audience, continuation: continuation)
        renderers[audience] = render
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        startWatching()
        let version = version
        return ServerSentEvents.byteStream { write in
            defer { continuation.finish() }
            // Read before rendering: the first event is at least this new, and any later change is sent.
            let seen = try await version()
            try await write(ByteBuffer(string: try await render().encoded))
            await self.markSent(id, version: seen)
            try await withGracefulShutdownHandler {
                for await bytes in stream { try await write(bytes) }
            } onGracefulShutdown: {
                continuation.finish()
            }
        }
    }

    private func markSent(_ id: UInt64, version: Version) {
        subscribers[id]?.seen = version
    }

    private func remove(_ id: UInt64) {
        guard let gone = subscribers.removeValue(forKey: id) else { return }
        if !subscribers.values.contains(where: { $0.audience == gone.audience }) {
            renderers[gone.audience] = nil
        }
    }

    private func startWatching() {
        guard watcher == nil else { return }
        if let wakeUps {
            // For the broadcast's whole life: the signal is one stream, taken by one task. Neither
            // task keeps the broadcast alive, and its end cancels both (and so the store's listening).
            watcher = Task { [weak self] in
                for await _ in wakeUps { await self?.check() }
            }
            let heartbeat = heartbeat
            pulse = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeat)
                    guard let self else { return }
                    await self.check()
                }
            }
            return
        }
        let interval = interval
        watcher = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard await self.poll() else { return }
            }
        }
    }

    /// One check of the polling watch; `false` (and the watch ends) when no stream is open.
    private func poll() async -> Bool {
        guard !subscribers.isEmpty else {
            watcher = nil
            return false
        }
        await tick()
        return true
    }

    /// A check on a signal or a heartbeat; a signal during a check makes one more check after it.
    private func check() async {
        guard !subscribers.isEmpty else { return }
        guard !checking else {
            checkAgain = true
            return
        }
        checking = true
        repeat {
            checkAgain = false
            await tick()
        } while checkAgain && !subscribers.isEmpty
        checking = false
    }

    /// Sends what changed to the streams that have not seen it, and a heartbeat when it is due.
    private func tick() async {
        // Storage that does not answer: the streams keep what they show and the next tick asks again.
        let current: Version
        do {
            current = try await version()
        } catch {
            return
        }
        let stale = subscribers.filter { $0.value.seen.map { $0 != current } ?? false }
        guard !stale.isEmpty else {
            if ContinuousClock.now - lastWrite >= heartbeat {
                send(ServerSentEvent.comment("heartbeat"), to: subscribers.keys)
            }
            return
        }
        var rendered: [String: ByteBuffer] = [:]
        for audience in Set(stale.values.map(\.audience)) {
            guard let render = renderers[audience], let event = try? await render() else { continue }
            rendered[audience] = ByteBuffer(string: event.encoded)
            renderings += 1
        }
        // The renderings awaited: streams may have come and gone meanwhile.
        for id in stale.keys {
            guard let subscriber = subscribers[id], let bytes = rendered[subscriber.audience] else { continue }
            subscriber.continuation.yield(bytes)
            subscribers[id]?.seen = current
        }
        lastWrite = .now
    }

    private func send(_ event: ServerSentEvent, to ids: some Sequence<UInt64>) {
        let bytes = ByteBuffer(string: event.encoded)
        for id in ids { subscribers[id]?.continuation.yield(bytes) }
        lastWrite = .now
    }
}

/// How many live streams a server keeps open, and how it says no to one more.
public enum LiveStreams {
    /// The streams a server keeps open at once unless told otherwise: 500, well under the 1,024
    /// file descriptors a process may usually open, each stream holding one.
    public static let defaultLimit = 500

    /// The seconds a refused page is told to wait before it tries again.
    public static let retryAfterSeconds = 30

    /// The 503 a stream past the limit gets, with `Retry-After`.
    static func full(limit: Int) -> Response {
        Response(
            status: .serviceUnavailable,
            headers: [
                .retryAfter: String(retryAfterSeconds), .contentType: "text/plain; charset=utf-8",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(
                byteBuffer: ByteBuffer(
                    string:
                        "This server already keeps \(limit) live pages up to date; reload in \(retryAfterSeconds) s.\n"
                )))
    }
}

/// The option of an app whose pages stream live updates: how many streams it keeps open.
public struct LiveStreamOptions: ParsableArguments, Sendable {
    @Option(
        help:
            "The live pages kept up to date at once (each an open event stream); one more is answered 503 with Retry-After."
    )
    public var maxStreams = LiveStreams.defaultLimit

    public init() {}

    public func validate() throws {
        guard maxStreams >= 1 else {
            throw ValidationError("--max-streams \(maxStreams) is not a number of streams; use 1 or more")
        }
    }
}
