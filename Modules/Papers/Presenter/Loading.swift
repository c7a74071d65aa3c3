import Core

/// Runs `work` through the view state at `keyPath`: `load`, then `succeed` or `fail` with the error's one line.
///
/// Returns the failure, if any, as a `MessageError` so the presenter can keep its kind.
///
/// `ViewState.load` mutates in place across a suspension, which an actor-isolated property
/// cannot lend out; this does the same transitions one assignment at a time.
@MainActor
func load<Owner: AnyObject, Value>(
    _ owner: Owner, _ keyPath: ReferenceWritableKeyPath<Owner, ViewState<Value>>, _ work: () async throws -> Value
) async -> MessageError? {
    guard let loading = owner[keyPath: keyPath].next(on: .load) else { return nil }
    owner[keyPath: keyPath] = loading
    let event: ViewState<Value>.Event
    var failure: MessageError?
    do {
        event = .succeed(try await work())
    } catch {
        failure = MessageError.wrap(error)
        event = .fail(ViewFailure(error))
    }
    if let next = owner[keyPath: keyPath].next(on: event) { owner[keyPath: keyPath] = next }
    return failure
}
