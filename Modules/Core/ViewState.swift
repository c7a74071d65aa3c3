/// The four states every screen is in: the EV seed's view state machine.
///
/// A presenter publishes one `ViewState` of its view data. The state only moves along the
/// transitions `apply(_:)` accepts, so a view never shows a result that was not loaded.
public enum ViewState<Value> {
    /// Nothing was asked for yet.
    case initial
    /// Work is under way.
    case loading
    /// The work finished with a value to show.
    case loaded(Value)
    /// The work failed; the message is one line a person can act on.
    case failed(String)

    /// What can happen to a view state.
    public enum Event {
        /// Work starts (a first load, a refresh or a retry).
        case load
        /// Work finished with a value.
        case succeed(Value)
        /// Work failed with a one-line message.
        case fail(String)
        /// Back to the start, from anywhere.
        case reset
    }

    /// The loaded value, if there is one.
    public var value: Value? {
        if case .loaded(let value) = self { value } else { nil }
    }

    /// The failure message, if the state is `failed`.
    public var failureMessage: String? {
        if case .failed(let message) = self { message } else { nil }
    }

    /// Whether work is under way.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// The state an event leads to, or `nil` when the transition is not allowed.
    ///
    /// `load` is accepted from every state but `loading` (a second load while one runs is a
    /// bug, not a refresh); `succeed` and `fail` only end a `loading`; `reset` always works.
    public func next(on event: Event) -> ViewState? {
        switch (self, event) {
        case (_, .reset): .initial
        case (.loading, .load): nil
        case (_, .load): .loading
        case (.loading, .succeed(let value)): .loaded(value)
        case (.loading, .fail(let message)): .failed(message)
        case (_, .succeed), (_, .fail): nil
        }
    }

    /// Moves to the state `event` leads to; returns `false` and stays put when it is not allowed.
    @discardableResult
    public mutating func apply(_ event: Event) -> Bool {
        guard let next = next(on: event) else { return false }
        self = next
        return true
    }

    /// Transforms the loaded value, keeping every other state as it is.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> ViewState<Other> {
        switch self {
        case .initial: .initial
        case .loading: .loading
        case .loaded(let value): .loaded(try transform(value))
        case .failed(let message): .failed(message)
        }
    }
}

extension ViewState: Equatable where Value: Equatable {}
extension ViewState: Sendable where Value: Sendable {}
extension ViewState.Event: Equatable where Value: Equatable {}
extension ViewState.Event: Sendable where Value: Sendable {}

extension ViewState {
    /// Runs `work` through the machine: `load`, then `succeed` with its value or `fail` with its message.
    public mutating func load(_ work: () async throws -> Value) async {
        guard apply(.load) else { return }
        do {
            apply(.succeed(try await work()))
        } catch {
            apply(.fail(DomainError.describe(error)))
        }
    }
}
