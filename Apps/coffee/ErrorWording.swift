import AppSupport
import CoffeeEntity
import Core

/// The one place `coffee` words its errors: one line each, naming the flag or command to use.
enum ErrorWording {
    /// Runs every command and reports its failure: `coffee: error: <line>` and the kind's exit code.
    static let reporter = ErrorReporter(app: "coffee", wording: message(for:))

    /// The line for a coffee error; `nil` for the shared infrastructure's errors, which `SharedWording` words.
    static func message(for error: any DomainError) -> String? {
        if let error = error as? StorageError,
            let line = SharedWording.unusable(error, app: "coffee", noun: "order database")
        {
            return line
        }
        if let error = error as? StorageError, let line = SharedWording.postgres(error, app: "coffee") {
            return line
        }
        if let error = error as? StorageError, error.cause == .missing {
            return SharedWording.missing(error, noun: "order database", start: "`coffee order` starts one")
        }
        guard let error = error as? CoffeeError else { return nil }
        switch error {
        case .emptyCustomer:
            return "the customer name is empty; give one with --name"
        case .customerTooLong(let length, let limit):
            return "the customer name has \(length) characters; use at most \(limit)"
        case .customerNotOneLine:
            return "the customer name contains a line break or control character; use plain text"
        case .missingCoffee:
            return "no coffee given; choose one with --coffee (see `coffee menu`)"
        case .notOnMenu(let coffee, let menu):
            return
                "\(Quote.quoted(coffee)) is not on the menu; choose one of \(menu.joined(separator: ", ")) (see `coffee menu`)"
        case .missingSize:
            return "no size given; use --size with one of \(sizes)"
        case .unknownSize(let size):
            return "unknown size \(Quote.quoted(size)); use one of \(sizes)"
        case .invalidOrder(let problems):
            return "\(problems.count) problems with the order: "
                + problems.compactMap { message(for: $0) }.joined(separator: "; ")
        case .unknownStatus(let status):
            return
                "unknown status \(Quote.quoted(status)); use one of \(OrderStatus.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownSort(let sort):
            return "unknown sort \(Quote.quoted(sort)); use time or total"
        case .notADate(let text):
            return "\(Quote.quoted(text)) is not a date; write it as YYYY-MM-DD, such as 2026-03-14"
        case .notATime(let text, let parameter):
            return "\(Quote.quoted(text)) is not a time for \(parameter); use ISO 8601, such as 2026-03-14T09:00:00Z"
        case .unknownParameter(let name):
            return "the orders server does not know the filter \(Quote.quoted(name)); is it a newer version?"
        case .controlCharacter(let parameter):
            return "the filter --\(parameter) contains a control character; use plain text"
        case .notACursor(let text):
            return "\(Quote.quoted(text)) is not where a page ended; use the --after that `coffee list` printed"
        case .notAPageSize(let text, let maximum):
            return "--limit \(Quote.quoted(text)) is not a page size; use a whole number from 1 to \(maximum)"
        case .notAnOrderID(let text):
            return "\(Quote.quoted(text)) is not an order id; give an id or the start of one, as `coffee list` shows"
        case .ambiguousID(let prefix, let matches):
            let shown = matches.prefix(5).map { String($0.prefix(max(8, prefix.count + 4))) }.joined(separator: ", ")
            let more = matches.count > 5 ? ", …" : ""
            return
                "the id \(Quote.quoted(prefix)) matches \(matches.count) orders (\(shown)\(more)); give more characters of the id"
        case .orderNotFound(let id):
            return "no order \(id); run `coffee list` to see the order ids"
        case .forbiddenMove(let order, let from, let to):
            if to == .cancelled {
                return "order \(order) is \(from.rawValue) and cannot be cancelled; only placed or preparing orders can"
            }
            if let next = from.next {
                return "order \(order) is \(from.rawValue); it can only move to \(next.rawValue)"
            }
            return "order \(order) is \(from.rawValue) and cannot move further"
        case .orderIsFinal(let order, let status):
            return "order \(order) is \(status.rawValue) and cannot move further"
        case .duplicateOrder(let order):
            return "order \(order) already exists; place the order again to get a new id"
        case .notAnIdempotencyKey(let text):
            return
                "\(Quote.quoted(text)) is not an idempotency key; the orders server takes 1 to 255 printable ASCII characters"
        case .idempotencyKeyReused:
            return "the orders server saw this order's key with another order; place the order again"
        case .idempotencyKeyInFlight:
            return "the orders server is still placing this order; run `coffee list` in a moment to see it"
        case .unauthorized(let reason):
            let what =
                reason == .missing
                ? "the orders server needs a staff token for this"
                : "the orders server refused the token (wrong or revoked)"
            return
                "\(what); pass one with --token or $\(CommonOptions.tokenVariable) (`coffee token create` on the server's database makes one)"
        case .forbidden(let role, let allowed):
            return
                "a \(role.rawValue) token cannot do this; use a \(allowed.map(\.rawValue).joined(separator: " or ")) token (`coffee token create --role`)"
        case .notATokenName(let text):
            return
                "\(Quote.quoted(text)) is not a token name; use 1 to \(APIToken.maxNameLength) visible characters without spaces"
        case .duplicateTokenName(let name):
            return
                "a token named \(Quote.quoted(name)) exists; revoke it first (`coffee token revoke \(name)`) or pick another name"
        case .tokenNotFound(let name):
            return "no token named \(Quote.quoted(name)); `coffee token list` shows the names"
        case .unreadableOrder(let id):
            return
                "the database holds an order that cannot be read (id \(Quote.text(id))); it was not written by coffee"
        case .notAServerURL(let url):
            return "\(Quote.quoted(url)) is not a server URL; pass one like http://127.0.0.1:8080 to --server"
        case .notADatabaseURL(let url):
            return
                "\(Quote.quoted(url)) is not a PostgreSQL URL; pass one like postgres://user@127.0.0.1:5432/coffee to --database"
        case .notAnOrdersServer(let request, let status):
            return "\(Quote.text(request, limit: 200)) answered HTTP \(status); is --server a `coffee serve`?"
        case .unexpectedAnswer(let request):
            return
                "\(Quote.text(request, limit: 200)) answered JSON that is not what coffee expects; is --server a `coffee serve`?"
        case .serverFailed(_, let message):
            return "the orders server failed: \(Quote.text(message, limit: 200))"
        case .remoteCannotServe:
            return "`coffee serve` serves a local database; drop --server and pick the file with --db"
        case .cannotListen(let host, let port, let reason):
            return
                "cannot listen on \(host):\(port) (\(Quote.text(reason))); check --host is this machine's address, or pick another --port"
        case .portInUse(let host, let port):
            return
                "cannot listen on \(host):\(port): another program already uses port \(port); pick another with --port, or --port 0 for any free one"
        }
    }

    private static let sizes = Size.allCases.map(\.rawValue).joined(separator: ", ")
}
