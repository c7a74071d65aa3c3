import Hummingbird
import ServiceLifecycle

/// One Server-Sent Event: what a page's `EventSource` receives.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event's type (`event:`), which the page listens for; `nil` for `message`.
    public var name: String?
    /// The event's data; each line becomes a `data:` line, and the browser joins them back with newlines.
    public var data: String
    /// The event's id (`id:`), which a reconnecting `EventSource` sends back as `Last-Event-ID`.
    public var id: String?

    /// A comment: no event for the page, bytes on the wire (a heartbeat) when set.
    private var comment: String?

    public init(name: String? = nil, data: String, id: String? = nil) {
        self.name = name
        self.data = data
        self.id = id
    }

    /// A comment line, which the browser ignores: it keeps the stream busy and finds a client that left.
    public static func comment(_ text: String) -> ServerSentEvent {
        var event = ServerSentEvent(data: "")
        event.comment = oneLine(text)
        return event
    }

    /// The event in the `text/event-stream` format, ending with the blank line that dispatches it.
    public var encoded: String {
        if let comment { return ": \(comment)\n\n" }
        var text = ""
        if let name { text += "event: \(Self.oneLine(name))\n" }
        if let id { text += "id: \(Self.oneLine(id))\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.replacingOccurrences(of: "\r", with: ""))\n"
        }
        return text + "\n"
    }

    private static func oneLine(_ text: String) -> String {
        String(text.filter { $0 != "\n" && $0 != "\r" })
    }
}

/// Responses that stay open and send `ServerSentEvent`s: one-way live updates a page reads with `EventSource`.
///
/// The browser reconnects by itself when the connection drops, and the server sends every
/// event as it happens; the page needs no library, only the app's own small script
/// (`WebAssets.script`). A stream ends when the client goes away (the next write fails), or when
/// the handler returns. Pages that follow changing data use `LiveBroadcast`, which renders each
/// change once for every open stream and ends its streams when the server shuts down gracefully.
public enum ServerSentEvents {
    /// The content type of an event stream.
    public static let contentType = "text/event-stream; charset=utf-8"

    /// A streaming response whose events `produce` sends through the function it is given.
    public static func response(
        _ produce: @escaping @Sendable (_ send: (ServerSentEvent) async throws -> Void) async throws -> Void
    ) -> Response {
        byteStream { write in
            try await produce { event in try await write(ByteBuffer(string: event.encoded)) }
        }
    }

    /// A streaming response whose encoded events `produce` writes (bytes made once for many streams).
    static func byteStream(
        _ produce: @escaping @Sendable (_ write: (ByteBuffer) async throws -> Void) async throws -> Void
    ) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody { writer in
                // The first bytes go out at once, so the browser's `open` fires before any change.
                try await writer.write(ByteBuffer(string: ServerSentEvent.comment("open").encoded))
                try await produce { bytes in try await writer.write(bytes) }
                try await writer.finish(nil)
            })
    }
}
