import WebSupport

/// Papers' own stylesheet, beside the shared one: result rows, snippets, citations, from 375 px up.
enum WebStyle {
    /// Where it is served.
    static let path = "/assets/papers.css"
    /// Its route.
    static var stylesheet: WebAssets.Stylesheet { WebAssets.Stylesheet(path: path, css: css) }

    static let css = """
        form.search, form.watch { display: grid; gap: 0.4rem; max-width: 40rem; margin-bottom: 1rem; }
        .help, .meta, .query, .library-size { color: var(--muted); margin: 0.2rem 0; }
        ol.papers { padding-left: 2rem; }
        li.paper { margin-bottom: 1rem; }
        li.paper a.title { font-weight: 600; }
        .authors, .snippet { margin: 0.2rem 0; }
        .snippet { color: var(--muted); }
        mark { background: transparent; color: inherit; font-weight: 700; }
        nav.pages { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; }
        pre.citation { white-space: pre-wrap; overflow-wrap: anywhere; border: 1px solid var(--line);
          padding: 0.5rem; font-size: 0.85rem; user-select: all; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
        dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; }
        p, dd, td, code { overflow-wrap: anywhere; }
        form.favourite { margin-bottom: 1rem; }
        @media (max-width: 40rem) { dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: 0.4rem; } }
        """
}
