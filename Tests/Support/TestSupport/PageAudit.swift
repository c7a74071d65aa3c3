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
    /// Every text on the open page that is too faint on what is behind it, by WCAG 2's contrast
    /// ratio: at least 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold); empty when none is.
    ///
    /// Each visible element holding text of its own is compared with its colour over the first
    /// background behind it, blended down to the page's canvas (the scheme's own `Canvas`, which a
    /// dark `prefers-color-scheme` makes dark). Disabled controls are left out, as WCAG leaves them,
    /// and so is text over an image with no solid colour beneath it.
    public func contrastProblems() async throws -> [String] {
        let found = try await execute(
            """
            const rgba = (text) => {
              const parts = (text.match(/rgba?\\(([^)]*)\\)/) || [null, '0 0 0 0'])[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
              return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
            };
            const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
            const probe = document.createElement('div');
            probe.style.backgroundColor = 'Canvas';
            document.body.appendChild(probe);
            const canvas = rgba(getComputedStyle(probe).backgroundColor);
            probe.remove();
            // null when an image (a gradient) lies behind the text with no solid colour under it:
            // its contrast cannot be judged from colours, as axe-core leaves it for review.
            const behind = (element) => {
              const layers = [];
              for (let e = element; e; e = e.parentElement) {
                const style = getComputedStyle(e);
                const colour = rgba(style.backgroundColor);
                if (colour[3] > 0) layers.push(colour);
                if (colour[3] >= 1) break;
                if (style.backgroundImage !== 'none') return null;
              }
              return layers.reverse().reduce((below, layer) => over(layer, below), canvas);
            };
            const luminance = (c) => {
              const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
              return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
            };
            const problems = [];
            for (const e of document.body.querySelectorAll('*')) {
              const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
              const style = getComputedStyle(e);
              if (!own || e.closest(':disabled') || e.getClientRects().length === 0
                  || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
              const background = behind(e);
              if (!background) continue;
              const text = over(rgba(style.color), background);
              const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
              const ratio = (light + 0.05) / (dark + 0.05);
              const size = parseFloat(style.fontSize);
              const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
              if (ratio < (large ? 3 : 4.5)) {
                problems.push('contrast ' + ratio.toFixed(2) + ':1 on <' + e.tagName.toLowerCase() + '> "'
                  + e.textContent.trim().slice(0, 30) + '" (' + style.color + ' on rgb(' + background.slice(0, 3).map(Math.round).join(', ') + '))');
              }
            }
            return problems;
            """)
        return (found as? [Any] ?? ["the contrast check returned nothing"]).map { "\($0)" }
    }

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
    /// A page's problems are `pageProblems()`, `contrastProblems()` and a `<title>` that does not end with `— site`. One
    /// browser serves both widths (the viewport is set between them): a browser costs seconds of
    /// CPU that the suites running beside this one, some of them timing a server, would lose.
    public static func auditPages(_ pages: [(name: String, url: URL)], app: String, site: String) async throws
        -> [String]
    {
        try await Browser.run(width: 375, height: 812) { browser in
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
                            + (try await browser.pageProblems()) + (try await browser.contrastProblems())
                        problems += found.map { "\(page.name) at \(width) px, \(scheme): \($0)" }
                        try await browser.screenshot(to: Screenshots.file("\(app)-\(page.name)-\(width)\(suffix)"))
                    }
                }
            }
            return problems
        }
    }
}
