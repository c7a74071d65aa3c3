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
            .unwrap(error) { .p(.class("error"), .id("\(name)-error"), .verbatim($0)) })
    }
}

extension Attribute where Context == HTML.InputContext {
    /// `aria-invalid` on a control whose field has an error; nothing when it has none.
    public static func invalid(_ error: String?) -> Attribute {
        error == nil ? .empty : Attribute(name: "aria-invalid", value: "true")
    }

    /// `aria-describedby` tying the control `name` to its field's error; nothing when it has none.
    public static func describedBy(_ error: String?, _ name: String) -> Attribute {
        error == nil ? .empty : Attribute(name: "aria-describedby", value: "\(name)-error")
    }
}
