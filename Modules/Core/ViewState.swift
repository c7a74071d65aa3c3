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
    /// The work failed; the app words the error and exits with its code.
    case failed(ViewFailure)

    /// What can happen to a view state.
    public enum Event {
        /// Work starts (a first load, a refresh or a retry).
        case load
        /// Work finished with a value.
        case succeed(Value)
        /// Work failed.
        case fail(ViewFailure)
        /// Back to the start, from anywhere.
        case reset
    }

    /// The loaded value, if there is one.
    public var value: Value? {
        if case .loaded(let value) = self { value } else { nil }
    }

    /// Why the work failed, if the state is `failed`.
    public var failure: ViewFailure? {
        if case .failed(let failure) = self { failure } else { nil }
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
        case (.loading, .fail(let failure)): .failed(failure)
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
        case .failed(let failure): .failed(failure)
        }
    }
}

extension ViewState: Equatable where Value: Equatable {}
extension ViewState: Sendable where Value: Sendable {}
extension ViewState.Event: Equatable where Value: Equatable {}
extension ViewState.Event: Sendable where Value: Sendable {}

/// Why a screen's work failed: the typed error itself, so the app can word it and exit with its code.
///
/// Presenters publish the error, not a sentence: how to say it (which flag, which key) is the app's choice.
public struct ViewFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error, as a `DomainError` (`UnexpectedError` for one no layer typed).
    public let error: any DomainError

    /// Wraps `error`.
    public init(_ error: any Error) {
        self.error = (error as? ViewFailure)?.error ?? domainError(error)
    }

    /// The error's kind.
    public var kind: ErrorKind { error.kind }

    /// The error as Swift reflects it: for logs and test failures, not for people.
    public var description: String { String(reflecting: error) }

    /// Two failures are equal when they reflect the same error.
    public static func == (lhs: ViewFailure, rhs: ViewFailure) -> Bool {
        lhs.kind == rhs.kind && lhs.description == rhs.description
    }
}

/// A presenter: an object that publishes `ViewState`s and moves them through one helper.
///
/// Every presenter runs its use cases through `load(_:_:)`, so loading, loaded and failed
/// mean the same on every screen, and a failure keeps its typed error for the app.
@MainActor
public protocol Presenting: AnyObject {}

extension Presenting {
    /// Runs `work` through the state at `part`: `loading`, then `loaded` with its value or `failed` with its error.
    ///
    /// Does nothing while that part is already loading (a second load then is a bug, not a refresh).
    public func load<Value>(_ part: ReferenceWritableKeyPath<Self, ViewState<Value>>, _ work: () async throws -> Value)
        async
    {
        guard self[keyPath: part].apply(.load) else { return }
        do {
            let value = try await work()
            self[keyPath: part].apply(.succeed(value))
        } catch {
            self[keyPath: part].apply(.fail(ViewFailure(error)))
        }
    }
}
