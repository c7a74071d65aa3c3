import CoffeeEntity
import Core
import Foundation

/// Where orders and the menu are kept: the data access the MV seed's CoffeeStore did itself.
///
/// Three implementations answer every call the same way: `SQLiteOrderRepository` (a local
/// file), `RemoteOrderRepository` (an orders server over HTTP) and `InMemoryOrderRepository`
/// (tests). Every change happens in one transaction: it is all done, or nothing is. The
/// feature's failures are `CoffeeError` cases; storage failures arrive as `StorageError` and
/// network ones as `TransferError`, unwrapped, for the edge to word.
public protocol OrderRepository: Sendable {
    /// What the shop sells.
    func menu() async throws -> Menu

    /// The orders that match `query`, in its order.
    func list(_ query: OrderQuery) async throws -> [Order]

    /// The order with `id`.
    ///
    /// - Throws: `CoffeeError.orderNotFound` when there is none.
    func get(_ id: Order.ID) async throws -> Order

    /// Stores a new order and returns it as stored.
    ///
    /// - Throws: `CoffeeError.duplicateOrder` when its id is taken.
    func add(_ order: Order) async throws -> Order

    /// Stores a new order (its id random, like any other) with the key's digest
    /// (`idempotency.keyDigest`) and the request's fingerprint, or gives back the order that key placed.
    ///
    /// A unique index on the key's digest is what makes it once-only. An order already stored
    /// under the key comes back as first answered when its fingerprint is this request's (a replay).
    ///
    /// - Throws: `CoffeeError.idempotencyKeyReused` when the stored order's fingerprint is
    ///   another request's, `.idempotencyKeyInFlight` while another transaction is placing it
    ///   (PostgreSQL only: elsewhere writers take turns, so the second sees the first's order).
    func add(_ order: Order, idempotency: IdempotentRequest) async throws -> Order

    /// Moves the order's status to `status` at `date`, checking the rules on the stored order
    /// in the same transaction, and returns the changed order.
    ///
    /// - Throws: `CoffeeError.orderNotFound`, or `.forbiddenMove` for a change the rules forbid.
    func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order

    /// Removes the order and returns it as it was.
    ///
    /// - Throws: `CoffeeError.orderNotFound` when there is none.
    func delete(_ id: Order.ID) async throws -> Order

    /// A number that changes whenever the stored orders change, in this process or any other
    /// (a store that keeps tokens too changes it for them as well);
    /// `nil` when the repository cannot tell. Read it before the data it guards, so a result
    /// kept under one revision is never older than that revision.
    func revision() async throws -> Int64?

    /// Returns once the storage answers a cheap query (the readiness check of `GET /ready`).
    ///
    /// - Throws: the storage's error (`StorageError`, or `CoffeeError` for a remote server) when it does not.
    func ready() async throws
}

/// The API tokens of the orders server, kept beside the orders (never the token, only its SHA-256).
///
/// A token is 32 random bytes, so a plain SHA-256 is enough: a slow hash (bcrypt, Argon2)
/// protects guessable passwords from a stolen table, and 2^256 guesses stay out of reach however
/// fast each one is. A lookup by hash is one primary-key read, cheap enough for every request.
///
/// The tokens live in the orders' store, and creating or revoking one changes the store's
/// `OrderRepository.revision()`: the server keeps found tokens under that revision.
public protocol TokenRepository: Sendable {
    /// Stores a token's record under the hash of the token.
    ///
    /// - Throws: `CoffeeError.duplicateTokenName` when a live token has the name.
    func addToken(_ token: APIToken, hash: String) async throws

    /// Every live token, oldest first.
    func tokens() async throws -> [APIToken]

    /// The token whose SHA-256 is `hash`; `nil` when none (never created, or revoked).
    func token(hash: String) async throws -> APIToken?

    /// Deletes the token named `name` and returns it.
    ///
    /// - Throws: `CoffeeError.tokenNotFound`.
    func revokeToken(named name: String) async throws -> APIToken
}
