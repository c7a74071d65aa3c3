import WebSupport

/// Coffee's own stylesheet, beside the shared one: the board's lanes, side by side from a laptop up.
enum WebStyle {
    /// Where it is served.
    static let path = "/assets/coffee.css"
    /// Its route.
    static var stylesheet: WebAssets.Stylesheet { WebAssets.Stylesheet(path: path, css: css) }

    static let css = """
        /* The board uses the width: three lanes side by side, each a column of order cards. */
        main:has(.lanes), body:has(.lanes) header.site { max-width: 96rem; }
        .lanes { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); align-items: start; }
        .lane h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
        .lane ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
        .order { border: 1px solid var(--line); border-left: 0.4rem solid var(--line); border-radius: 0.4rem;
          padding: 0.5rem 0.75rem; }
        .order p { margin: 0.1rem 0; }
        .order .customer { font-weight: 700; font-size: 1.1rem; }
        .order .actions { margin-top: 0.4rem; }
        .order.status-preparing { border-left-color: var(--accent); }
        /* Ready stands out: a filled band and a bold lane heading, not colour alone. */
        .order.status-ready { border-left-color: var(--accent); border-width: 2px 2px 2px 0.6rem; }
        .lane-ready h2 { font-weight: 800; }
        .empty-lane { color: var(--muted); margin: 0; }
        """
}
