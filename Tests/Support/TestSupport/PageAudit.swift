import Foundation

extension Browser {
    /// What keeps the open page from serving a person at the viewport's width with a keyboard alone;
    /// empty when nothing does.
    ///
    /// Each control (input, select, textarea) has a label; each link, button and control is in the
    /// tab order; each button has a name a screen reader can say; nothing is wider than the screen.
    /// The page's `<title>` is checked by the caller, which knows the site's name.
    public func pageProblems() async throws -> [String] {
        let found = try await execute(
            """
            const problems = [];
            const named = (e) => e.id || e.getAttribute('name') || e.textContent.trim().slice(0, 40);
            for (const c of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
              if (!c.labels || c.labels.length === 0) problems.push('no label: ' + named(c));
            }
            for (const e of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')) {
              if (e.tabIndex < 0) problems.push('not in the tab order: ' + named(e));
            }
            for (const b of document.querySelectorAll('button')) {
              if (!(b.textContent.trim() || b.getAttribute('aria-label') || b.getAttribute('aria-labelledby'))) {
                problems.push('a button without a name: ' + (b.id || b.outerHTML.slice(0, 60)));
              }
            }
            const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
            if (overflow > 0) problems.push('scrolls sideways by ' + overflow + ' px');
            return problems;
            """)
        return (found as? [Any] ?? ["the page's check returned nothing"]).map { "\($0)" }
    }
}

extension Browser {
    /// Makes the page's `prefers-color-scheme` `dark` or `light`, as a person's system setting would.
    public func setColorScheme(_ scheme: String) async throws {
        try await cdp(
            "Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
    }
}

extension Browser {
    /// Opens each of `pages` at 375 px (a phone) and 1440 px (a desktop), in the light and the dark
    /// scheme, checks it and writes its screenshot to `.build/screenshots/<app>-<page>-<width>.png`
    /// (`…-<width>-dark.png` in the dark); returns every problem found, each naming its page, width
    /// and scheme (empty when there are none).
    ///
    /// A page's problems are `pageProblems()`, axe-core's WCAG A and AA violations (colour
    /// contrast among them: `accessibilityViolations`) and a `<title>` that does not end with `— site`. One
    /// browser serves both widths (the viewport is set between them): a browser costs seconds of
    /// CPU that the suites running beside this one, some of them timing a server, would lose.
    public static func auditPages(_ pages: [(name: String, url: URL)], app: String, site: String) async throws
        -> [String]
    {
        let axe = try await AxeCore.script()
        return try await Browser.run(width: 375, height: 812) { browser in
            var problems: [String] = []
            for scheme in ["light", "dark"] {
                try await browser.setColorScheme(scheme)
                let suffix = scheme == "dark" ? "-dark" : ""
                for (width, height) in [(375, 812), (1440, 900)] {
                    try await browser.setViewport(width: width, height: height)
                    for page in pages {
                        try await browser.open(page.url)
                        let title = try await browser.title()
                        let found =
                            (title.hasSuffix("— \(site)") ? [] : ["the title \(title) does not name \(site)"])
                            + (try await browser.pageProblems())
                            + (try await browser.accessibilityViolations(script: axe))
                        problems += found.map { "\(page.name) at \(width) px, \(scheme): \($0)" }
                        try await browser.screenshot(to: Screenshots.file("\(app)-\(page.name)-\(width)\(suffix)"))
                    }
                }
            }
            return problems
        }
    }
}
