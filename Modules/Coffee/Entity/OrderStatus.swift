import Core

/// Where an order is in the shop: it moves only forward, and can be cancelled only before it is ready.
///
/// `placed -> preparing -> ready -> completed`; `cancelled` from `placed` or `preparing`.
public enum OrderStatus: String, Sendable, Codable, CaseIterable {
    /// Taken, not started.
    case placed
    /// A barista is making it.
    case preparing
    /// Waiting at the counter.
    case ready
    /// Handed over; final.
    case completed
    /// Called off before it was ready; final.
    case cancelled

    /// Reads a status name, ignoring case.
    ///
    /// - Throws: `CoffeeError.unknownStatus`.
    public init(parsing text: String) throws {
        guard let status = OrderStatus(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw CoffeeError.unknownStatus(status: text)
        }
        self = status
    }

    /// The status `advance` moves to, or `nil` from a final status.
    public var next: OrderStatus? {
        switch self {
        case .placed: .preparing
        case .preparing: .ready
        case .ready: .completed
        case .completed, .cancelled: nil
        }
    }

    /// Whether the order can still be cancelled.
    public var isCancellable: Bool { self == .placed || self == .preparing }

    /// Whether the order can change no more.
    public var isFinal: Bool { next == nil }

    /// Whether moving from this status to `target` is allowed: one step forward, or a cancel in time.
    public func allows(_ target: OrderStatus) -> Bool {
        target == next || (target == .cancelled && isCancellable)
    }
}
