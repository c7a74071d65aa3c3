import Plot

extension Node where Context == HTML.FormContext {
    /// A labelled control with its error, if any, right under it and tied to it for screen readers.
    ///
    /// The control itself carries `Attribute.invalid(_:)` and `Attribute.describedBy(_:_:)` of the
    /// same error, so a screen reader reads the error with the control and the stylesheet marks it.
    public static func field(
        _ name: String, label: String, error: String?, _ control: Node<HTML.FormContext>
    ) -> Node {
        .div(
            .class("field"),
            .label(.for(name), .text(label)),
            control,
            .unwrap(error) { .p(.class("error"), .id("\(name)-error"), .plainText($0)) })
    }
}

extension Attribute where Context == HTML.InputContext {
    /// `aria-invalid` on a control whose field has an error; nothing when it has none.
    public static func invalid(_ error: String?) -> Attribute {
        error == nil ? .empty : Attribute(name: "aria-invalid", value: "true")
    }

    /// `autofocus` on the input of `field` when it is the first with an error; nothing otherwise.
    public static func focusIfFirst(_ errors: FormErrors, _ field: String) -> Attribute {
        errors.fields.first == field ? Attribute(name: "autofocus", value: nil, ignoreIfValueIsEmpty: false) : .empty
    }

    /// `aria-describedby` tying the control `name` to its field's error; nothing when it has none.
    public static func describedBy(_ error: String?, _ name: String) -> Attribute {
        error == nil ? .empty : Attribute(name: "aria-describedby", value: "\(name)-error")
    }
}

/// A form as it goes back to the person who sent it: what they typed, each field's error, and a
/// problem with the form as a whole (the server's, such as storage trouble), shown above it.
public struct FormState: Equatable, Sendable {
    /// What was typed, by field name.
    public let fields: FormFields
    /// The message for each field that must change, in the form's order.
    public var errors = FormErrors()
    /// A message about the form as a whole; `nil` when there is none.
    public var problem: String?

    /// The form holding `fields`, with no errors yet.
    public init(_ fields: FormFields = FormFields()) {
        self.fields = fields
    }

    /// What was typed into the field `name`, `""` when nothing was.
    public subscript(name: String) -> String { fields[name] }
}

/// A form's errors, each for one field, in the order they were found: the form's order.
///
/// The page shows each beside its field and puts the focus on the first (`Node.focusIfFirst`),
/// so one submit reports everything to change and the person starts at the top of the list.
public struct FormErrors: Equatable, Sendable {
    private var entries: [Entry] = []

    private struct Entry: Equatable {
        let field: String
        let message: String
    }

    /// No errors.
    public init() {}

    /// The error of `field`, if it has one.
    public subscript(field: String) -> String? {
        entries.first { $0.field == field }?.message
    }

    /// Adds `message` for `field`; a field keeps the first message it was given.
    public mutating func add(_ message: String, to field: String) {
        guard self[field] == nil else { return }
        entries.append(Entry(field: field, message: message))
    }

    /// Whether no field has an error.
    public var isEmpty: Bool { entries.isEmpty }

    /// The fields with an error, in order.
    public var fields: [String] { entries.map(\.field) }
}

extension Node {
    /// `aria-invalid` and `aria-describedby` tying any control (a list too) to its field's error;
    /// nothing when it has none.
    public static func invalid(_ error: String?, describing name: String) -> Node {
        guard error != nil else { return .empty }
        return .group([
            .attribute(named: "aria-invalid", value: "true"),
            .attribute(named: "aria-describedby", value: "\(name)-error"),
        ])
    }

    /// `autofocus` on the control (a list too) of `field` when it is the first with an error; nothing otherwise.
    public static func focusIfFirst(_ errors: FormErrors, _ field: String) -> Node {
        errors.fields.first == field ? .attribute(named: "autofocus") : .empty
    }
}
