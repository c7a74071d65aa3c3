import Core
import PostgresNIO

extension PostgresStore {
    /// A wake-up for every notification on `channel` (PostgreSQL's `LISTEN`/`NOTIFY`): the
    /// database's own signal that another session committed a change, with no polling.
    ///
    /// One connection outside the pool listens while the stream is consumed, and closes when the
    /// consumer stops. A dropped connection is opened again after `retry`; each time it listens
    /// (the first time too) the stream wakes once, because what was sent while nobody listened is
    /// lost, so the consumer reads what it may have missed. Wake-ups that arrive faster than the
    /// consumer takes them are merged into one.
    ///
    /// - Parameter channel: a plain lower-case SQL name, a constant of the schema's (never input).
    public func notifications(on channel: String, retry: Duration = .seconds(1)) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let (location, logger) = (location, statementLogger)
        let listener = Task {
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(
                        on: PostgresClient.defaultEventLoopGroup.any(),
                        configuration: try location.connectionConfiguration(), id: 1, logger: logger
                    ).get()
                    // Cancelling closes the connection, which ends the wait for the next notification.
                    try? await withTaskCancellationHandler {
                        try await connection.listen(on: channel) { notifications in
                            continuation.yield()
                            for try await _ in notifications { continuation.yield() }
                        }
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                    try? await connection.close()
                } catch {
                    // The server went away or refused: the store's calls report it; listen again later.
                }
                try? await Task.sleep(for: retry)
            }
        }
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }
}
