import AppSupport
import CoffeeEntity
import Core

/// How `coffee serve`'s pages word an error: for a person at a form, beside `ErrorWording`'s lines
/// for the terminal, from the same typed errors.
///
/// A form's error names no flag or command: it says what to change in the field it is shown beside.
enum WebWording {
    /// An error shown on a page: the form field it belongs beside (`nil`: the page as a whole) and its words.
    struct Message: Equatable {
        let field: String?
        let text: String
    }

    /// The words for `error` in a browser: one message, or one per problem when an order has several.
    static func messages(for error: any Error) -> [Message] {
        if case .invalidOrder(let problems)? = error as? CoffeeError { return problems.map(message(for:)) }
        return [message(for: error)]
    }

    /// The words for `error` in a browser.
    static func message(for error: any Error) -> Message {
        guard let error = error as? CoffeeError else {
            if let error = error as? StorageError {
                return Message(
                    field: nil,
                    text: "The order database is not answering (\(Quote.text(error.reason))). Try again in a moment.")
            }
            return Message(field: nil, text: "Something went wrong on the server. Try again in a moment.")
        }
        switch error {
        case .emptyCustomer:
            return Message(field: "customer", text: "Enter the name to call out when the order is ready.")
        case .customerTooLong(let length, let limit):
            return Message(field: "customer", text: "The name has \(length) characters; use at most \(limit).")
        case .customerNotOneLine:
            return Message(field: "customer", text: "Write the name on one line, without special characters.")
        case .missingCoffee:
            return Message(field: "coffee", text: "Choose a coffee.")
        case .notOnMenu(let coffee, _):
            return Message(
                field: "coffee", text: "\(Quote.quoted(coffee)) is not on the menu; choose one from the list.")
        case .missingSize:
            return Message(field: "size", text: "Choose a size.")
        case .unknownSize(let size):
            return Message(field: "size", text: "\(Quote.quoted(size)) is not a size; choose small, medium or large.")
        case .unauthorized(let reason):
            return Message(
                field: "token",
                text: reason == .missing
                    ? "Enter your staff token."
                    : "This token is wrong or was revoked. Ask for a new one.")
        case .forbidden(let role, _):
            return Message(
                field: "token", text: "A \(role.rawValue) token cannot change orders; sign in with a staff token.")
        case .orderNotFound, .notAnOrderID, .ambiguousID:
            return Message(field: nil, text: "That order is gone (deleted elsewhere). The board shows what is left.")
        case .forbiddenMove(let order, let from, _), .orderIsFinal(let order, let from):
            return Message(
                field: nil,
                text: "Order \(order) is \(from.rawValue) already; someone else moved it. Nothing was changed.")
        default:
            return Message(field: nil, text: "The server could not do this. Try again in a moment.")
        }
    }
}
