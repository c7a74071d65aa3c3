import Core

extension ViewState {
    /// The loaded value, or the failure's error thrown for the reporter to word.
    ///
    /// - Throws: the typed error of a `failed` state; `UnexpectedError` when no work finished (a bug).
    public func result() throws -> Value {
        switch self {
        case .loaded(let value): return value
        case .failed(let failure): throw failure.error
        case .initial, .loading: throw UnexpectedError(UnfinishedWork())
        }
    }
}

/// A command that printed before its presenter finished: a bug, reported as one.
struct UnfinishedWork: Error, CustomStringConvertible {
    var description: String { "the command finished without a result" }
}
