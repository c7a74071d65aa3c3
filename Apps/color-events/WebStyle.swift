import WebSupport

/// ColorEvents' own stylesheet, beside the shared one: the screens side by side, stacked on a phone.
enum WebStyle {
    /// Where it is served.
    static let path = "/assets/color-events.css"
    /// Its route.
    static var stylesheet: WebAssets.Stylesheet { WebAssets.Stylesheet(path: path, css: css) }

    static let css = """
        .screens { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); }
        .screen { border: 2px solid #888; border-radius: 0.5rem; padding: 0.5rem; }
        .screen.selected { border-color: #0050c0; border-width: 4px; }
        .screen h2 { margin: 0.3rem 0; }
        .screen p { margin: 0.2rem 0; }
        .paint { width: 100%; height: 6rem; display: block; border-radius: 0.3rem; }
        .paint.empty { border: 2px dashed var(--muted); }
        .swatch { width: 1em; height: 1em; vertical-align: -0.1em; }
        .events ul { list-style: none; padding: 0; }
        .events li { margin: 0.3rem 0; }
        .colour { white-space: nowrap; }
        /* A journal entry's colours wrap between colours on a phone, never inside one. */
        span.colour { display: inline-block; margin-right: 0.5em; }
        """
}
