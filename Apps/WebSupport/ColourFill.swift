import Plot

extension Node where Context == HTML.BodyContext {
    /// An SVG rectangle filled with `hex` (`#RRGGBB`): a colour the pages' style policy allows,
    /// where an inline `style` is forbidden. Hidden from assistive technology: the page names the colour in words.
    ///
    /// - Parameters:
    ///   - className: the SVG's class, which sizes it (the stylesheet's `.swatch`, an app's own).
    ///   - width: the view box's width; `height` its height.
    ///   - stretch: whether the rectangle stretches to the box the stylesheet gives it.
    public static func colourFill(
        _ hex: String, className: String, width: Int = 10, height: Int = 10, stretch: Bool = false
    )
        -> Node
    {
        .element(
            named: "svg",
            nodes: [
                .attribute(named: "class", value: className),
                .attribute(named: "viewBox", value: "0 0 \(width) \(height)"),
                .if(stretch, .attribute(named: "preserveAspectRatio", value: "none")),
                .attribute(named: "aria-hidden", value: "true"),
                .element(
                    named: "rect",
                    nodes: [
                        .attribute(named: "width", value: String(width)),
                        .attribute(named: "height", value: String(height)),
                        .escaped("fill", hex),
                    ]),
            ])
    }
}
