import WebSupport

/// Memorize's own stylesheet, beside the shared one: the card grid, from 375 px up.
enum WebStyle {
    /// Where it is served.
    static let path = "/assets/memorize.css"
    /// Its route.
    static var stylesheet: WebAssets.Stylesheet { WebAssets.Stylesheet(path: path, css: css) }

    static let css = layout + rowCounts

    /// `.rows-N` sets the grid's row count, which with its columns sizes it to the viewport's height.
    private static let rowCounts = (1...50).map { ".rows-\($0) { --rows: \($0); }" }.joined(separator: "\n") + "\n"

    private static let layout = """
        .swatch { width: 1em; height: 1em; vertical-align: -0.1em; }
        form.deal { margin-bottom: 1.5rem; }
        .status { font-variant-numeric: tabular-nums; }
        /* Cards are 2:3, so a grid of C columns and R rows fits a height H when it is H x C/R x 2/3 wide;
           H is the viewport less what the page shows above and below the grid (about 17rem). */
        .board { display: grid; gap: 0.5rem; margin: 1rem 0; --columns: 4; --rows: 4;
          width: min(100%, 36rem, calc((100dvh - 17rem) * var(--columns) / var(--rows) * 2 / 3)); min-width: 12rem; }
        .columns-1 { --columns: 1; grid-template-columns: repeat(1, 1fr); }
        .columns-2 { --columns: 2; grid-template-columns: repeat(2, 1fr); }
        .columns-3 { --columns: 3; grid-template-columns: repeat(3, 1fr); }
        .columns-4 { --columns: 4; grid-template-columns: repeat(4, 1fr); }
        .columns-5 { --columns: 5; grid-template-columns: repeat(5, 1fr); }
        .columns-6 { --columns: 6; grid-template-columns: repeat(6, 1fr); }
        .columns-7 { --columns: 7; grid-template-columns: repeat(7, 1fr); }
        .columns-8 { --columns: 8; grid-template-columns: repeat(8, 1fr); }
        .columns-9 { --columns: 9; grid-template-columns: repeat(9, 1fr); }
        .columns-10 { --columns: 10; grid-template-columns: repeat(10, 1fr); }
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
