/// What a page says about an error: the words, and the form field they belong beside.
///
/// Every app words its typed errors for a browser as a list of these (`WebWords`), one per
/// problem in the form's order, so a form shows every error at once, each beside its field,
/// and a page that is not a form shows them together in its alert.
public struct WebMessage: Equatable, Sendable {
    /// The form field the words belong beside; `nil` when they are about the page as a whole.
    public let field: String?
    /// A sentence for a person at the page: it names no flag, key or command.
    public let text: String

    /// The words `text`, shown beside `field`, or above the form when `field` is `nil`.
    public init(_ text: String, field: String? = nil) {
        self.field = field
        self.text = text
    }
}

/// How an app words an error for its pages: one message per problem, in the form's order.
public typealias WebWords = @Sendable (any Error) -> [WebMessage]

extension FormState {
    /// Shows `messages` with the form: each beside its field, the others above the form.
    ///
    /// A field keeps its first message (`FormErrors.add`); messages about the form as a whole are
    /// joined, so none is lost.
    public mutating func report(_ messages: [WebMessage]) {
        for message in messages {
            if let field = message.field {
                errors.add(message.text, to: field)
            } else {
                problem = problem.map { "\($0) \(message.text)" } ?? message.text
            }
        }
    }
}
