import WebSupport

/// Memorize's own stylesheet, beside the shared one: the card grid, from 375 px up.
enum WebStyle {
    /// Where it is served.
    static let path = "/assets/memorize.css"
    /// Its route.
    static var stylesheet: WebAssets.Stylesheet { WebAssets.Stylesheet(path: path, css: css) }

    static let css = layout + counts("rows", 1...50) + counts("columns", 1...10)

    /// `.rows-N` and `.columns-N` set the grid's row and column counts, which size it to the viewport's height.
    private static func counts(_ name: String, _ range: ClosedRange<Int>) -> String {
        range.map { ".\(name)-\($0) { --\(name): \($0); }" }.joined(separator: "\n") + "\n"
    }

    private static let layout = """
        .swatch { width: 1em; height: 1em; vertical-align: -0.1em; }
        form.deal { margin-bottom: 1.5rem; }
        .status { font-variant-numeric: tabular-nums; }
        /* Cards are 2:3, so a grid of C columns and R rows fits a height H when it is H x C/R x 2/3 wide;
           H is the viewport less what the page shows above and below the grid (about 17rem). */
        .board { display: grid; gap: 0.5rem; margin: 1rem 0; --columns: 4; --rows: 4;
          grid-template-columns: repeat(var(--columns), 1fr);
          width: min(100%, 36rem, calc((100dvh - 17rem) * var(--columns) / var(--rows) * 2 / 3)); min-width: 12rem; }
        .card { aspect-ratio: 2 / 3; min-height: 3rem; font-size: clamp(1rem, 4vh, 2.6rem); border-radius: 0.5rem;
          border: 2px solid #555; background: #fff; color: #222; position: relative; cursor: pointer; padding: 0; }
        .card.down { background: #c4cee2 repeating-linear-gradient(45deg, #d0d8e8, #d0d8e8 6px, #b8c4dc 6px, #b8c4dc 12px); }
        .card.gone { opacity: 0.25; }
        .card[aria-disabled="true"] { cursor: default; }
        .card:focus-visible { outline: 3px solid #0050c0; outline-offset: 2px; }
        .card .number { position: absolute; top: 0.2rem; left: 0.35rem; font-size: 0.8rem; color: #333; }
        .game-over { font-size: 1.2rem; }
        """
}
