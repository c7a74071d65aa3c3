import AppSupport
import CoffeeEntity
import Core
import WebSupport

/// How `coffee serve`'s pages word an error: for a person at a form, beside `ErrorWording`'s lines
/// for the terminal, from the same typed errors.
///
/// A form's error names no flag or command: it says what to change in the field it is shown beside.
enum WebWording {
    /// The words for `error` in a browser: one message, or one per problem when an order has several.
    static func messages(for error: any Error) -> [WebMessage] {
        if case .invalidOrder(let problems)? = error as? CoffeeError { return problems.map(message(for:)) }
        return [message(for: error)]
    }

    /// The words for `error` in a browser.
    static func message(for error: any Error) -> WebMessage {
        guard let error = error as? CoffeeError else {
            if let error = error as? StorageError {
                return WebMessage(
                    "The order database is not answering (\(Quote.text(error.reason))). Try again in a moment.")
            }
            return WebMessage("Something went wrong on the server. Try again in a moment.")
        }
        switch error {
        case .emptyCustomer:
            return WebMessage("Enter the name to call out when the order is ready.", field: "customer")
        case .customerTooLong(let length, let limit):
            return WebMessage("The name has \(length) characters; use at most \(limit).", field: "customer")
        case .customerNotOneLine:
            return WebMessage("Write the name on one line, without special characters.", field: "customer")
        case .missingCoffee:
            return WebMessage("Choose a coffee.", field: "coffee")
        case .notOnMenu(let coffee, _):
            return WebMessage("\(Quote.quoted(coffee)) is not on the menu; choose one from the list.", field: "coffee")
        case .missingSize:
            return WebMessage("Choose a size.", field: "size")
        case .unknownSize(let size):
            return WebMessage("\(Quote.quoted(size)) is not a size; choose small, medium or large.", field: "size")
        case .unauthorized(let reason):
            return WebMessage(
                reason == .missing
                    ? "Enter your staff token."
                    : "This token is wrong or was revoked. Ask for a new one.", field: "token")
        case .forbidden(let role, _):
            return WebMessage(
                "A \(role.rawValue) token cannot change orders; sign in with a staff token.", field: "token")
        case .orderNotFound, .notAnOrderID, .ambiguousID:
            return WebMessage("That order is gone (deleted elsewhere). The board shows what is left.")
        case .forbiddenMove(let order, let from, _), .orderIsFinal(let order, let from):
            return WebMessage("Order \(order) is \(from.rawValue) already; someone else moved it. Nothing was changed.")
        default:
            return WebMessage("The server could not do this. Try again in a moment.")
        }
    }
}
