import HTTPServer
import Hummingbird

/// The one stylesheet and the one script every page links, compiled into the binary: the pages
/// work offline and from any folder, and no other origin is ever asked for anything.
public struct WebAssets: WebRoutes {
    /// Where the stylesheet is served.
    public static let stylesheetPath = "/assets/strata.css"
    /// Where the script is served.
    public static let scriptPath = "/assets/live.js"

    public init() {}

    /// Adds `GET` routes for the stylesheet and the script.
    public func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        router.get(RouterPath(Self.stylesheetPath)) { _, _ in
            Self.response(Self.stylesheet, type: "text/css; charset=utf-8")
        }
        router.get(RouterPath(Self.scriptPath)) { _, _ in
            Self.response(Self.script, type: "text/javascript; charset=utf-8")
        }
    }

    /// An app's own stylesheet (a game's card grid, a screen's paint), served at `path` beside the shared one.
    public struct Stylesheet: WebRoutes {
        /// Where it is served, such as `/assets/memorize.css`; pages list it in `WebPage.stylesheets`.
        public let path: String
        /// The CSS.
        public let css: String

        public init(path: String, css: String) {
            self.path = path
            self.css = css
        }

        public func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
            router.get(RouterPath(path)) { _, _ in WebAssets.response(css, type: "text/css; charset=utf-8") }
        }
    }

    private static func response(_ text: String, type: String) -> Response {
        // An hour in the browser's cache: the files change only with the binary.
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The script: live regions, each an element with `data-live="/path"` showing the HTML of
    /// every `update` event that path streams (`ServerSentEvents`), and focus given back to the
    /// control a redirect's fragment names (`#card-3`), the one the person just used. Without it
    /// (or without JavaScript) a page is complete as served, a reload shows the news, and the
    /// fragment still starts the keyboard's next Tab from that control.
    ///
    /// An update changes only what changed: elements are matched by `id` (or `data-key`), kept and
    /// updated in place, so the focused control and a screen reader's place stay where they were.
    /// A region may name, in `data-live-announce`, a status element: every element the update adds
    /// or changes that has a `data-announce` sentence says it there, and nothing else is read out.
    public static let script = #"""
        "use strict";
        // After an action, the server's redirect names in its fragment the control the person used: focus it again.
        const used = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (used && used.matches("a[href], button, input, select, textarea")) used.focus();

        const keyOf = (node) => node.nodeType === Node.ELEMENT_NODE ? (node.id || node.getAttribute("data-key") || "") : "";
        const alike = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
        // Makes `from` (in the page) equal to `to` (from the update), keeping every element that is still there.
        function morph(from, to, news) {
          if (from.nodeType !== Node.ELEMENT_NODE) {
            if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
            return;
          }
          const said = from.getAttribute("data-announce");
          for (const { name } of [...from.attributes]) if (!to.hasAttribute(name)) from.removeAttribute(name);
          for (const { name, value } of [...to.attributes]) if (from.getAttribute(name) !== value) from.setAttribute(name, value);
          const says = to.getAttribute("data-announce");
          if (says && says !== said) news.push(says);
          const wanted = [...to.childNodes];
          wanted.forEach((node, index) => {
            const key = keyOf(node);
            const kept = key && [...from.children].find((child) => keyOf(child) === key);
            if (kept && kept !== from.childNodes[index]) from.insertBefore(kept, from.childNodes[index] || null);
            const current = from.childNodes[index];
            if (current && alike(current, node)) return morph(current, node, news);
            const added = node.cloneNode(true);
            if (current && !keyOf(current)) from.replaceChild(added, current); else from.insertBefore(added, current || null);
            if (added.nodeType === Node.ELEMENT_NODE) {
              for (const element of [added, ...added.querySelectorAll("[data-announce]")]) {
                const sentence = element.getAttribute("data-announce");
                if (sentence) news.push(sentence);
              }
            }
          });
          while (from.childNodes.length > wanted.length) from.lastChild.remove();
        }

        // How long ago: <time datetime="…" data-waited> is said as minutes since, kept current every 30 s.
        function waited() {
          for (const time of document.querySelectorAll("time[data-waited]")) {
            const minutes = Math.floor((Date.now() - Date.parse(time.dateTime)) / 60000);
            if (Number.isFinite(minutes)) time.textContent = minutes < 1 ? "just now" : `${minutes} min ago`;
          }
        }
        waited();
        setInterval(waited, 30000);

        // Live regions: <div data-live="/events"> shows the HTML of each "update" event the path sends.
        // The server renders that HTML with the same escaping as the page; EventSource reconnects by itself.
        for (const region of document.querySelectorAll("[data-live]")) {
          const source = new EventSource(region.dataset.live);
          source.addEventListener("open", () => { region.dataset.liveState = "open"; });
          source.addEventListener("error", () => { region.dataset.liveState = "reconnecting"; });
          source.addEventListener("update", (event) => {
            const template = document.createElement("template");
            template.innerHTML = event.data;
            // What the page already shows (the stream's first event repeats it) is left alone.
            if (template.innerHTML === region.innerHTML) return;
            const focused = region.contains(document.activeElement) ? document.activeElement.id : "";
            const shadow = region.cloneNode(false);
            shadow.append(template.content);
            const news = [];
            morph(region, shadow, news);
            // A control that had to be made anew takes the focus back, when the update still has it (by id).
            const again = focused && document.getElementById(focused);
            if (again && document.activeElement !== again) again.focus();
            const announcer = region.dataset.liveAnnounce && document.getElementById(region.dataset.liveAnnounce);
            if (announcer && news.length) announcer.textContent = news.join(" ");
            waited();
            region.dataset.liveUpdates = String(Number(region.dataset.liveUpdates || "0") + 1);
          });
        }
        """#

    /// The stylesheet: one readable column from 320 px phones to wide screens, visible focus,
    /// the system's fonts and its light or dark scheme.
    public static let stylesheet = """
        :root { color-scheme: light dark; --accent: #8a4b14; --on-accent: #fff; --muted: #6b6b6b; --line: #d8d2cc;
          --bad: #b00020; }
        /* The dark scheme's accent is light, so what is written on it is dark (white on it is 2:1). */
        @media (prefers-color-scheme: dark) {
          :root { --accent: #f0a860; --on-accent: #1d1208; --muted: #a8a8a8; --line: #4a4541; --bad: #ff7b8a; }
        }
        * { box-sizing: border-box; }
        /* The scheme's own page colours, said outright so every reader of the styles (axe-core too) sees them. */
        html { background-color: Canvas; color: CanvasText; }
        body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; }
        header.site, main { max-width: 60rem; margin: 0 auto; padding: 0.75rem 1rem; }
        header.site { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.5rem 1.5rem;
          border-bottom: 1px solid var(--line); }
        .site-name { margin: 0; font-weight: 700; }
        nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0; padding: 0; list-style: none; }
        a { color: var(--accent); }
        a[aria-current="page"] { font-weight: 700; text-decoration: none; }
        /* Read out by screen readers, not shown: a live region's news (data-live-announce). */
        .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
          clip-path: inset(50%); white-space: nowrap; border: 0; }
        a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible {
          outline: 3px solid var(--accent); outline-offset: 2px; }
        h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        form.stacked { display: grid; gap: 1rem; max-width: 28rem; }
        .field { display: grid; gap: 0.25rem; }
        label { font-weight: 600; }
        input, select, button { font: inherit; padding: 0.45rem 0.6rem; min-height: 2.75rem; }
        button { cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent);
          border-radius: 0.3rem; }
        button.secondary { background: transparent; color: var(--accent); }
        form.inline { display: inline; }
        .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; }
        .error { color: var(--bad); margin: 0; }
        input[aria-invalid="true"] { border: 2px solid var(--bad); }
        .notice { border-left: 4px solid var(--accent); padding: 0.5rem 0.75rem; }
        .muted { color: var(--muted); }
        @media (max-width: 40rem) {
          table.cards thead { position: absolute; left: -9999px; }
          table.cards tr { display: block; border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
          table.cards td { display: block; border: 0; padding: 0.1rem 0; text-align: left; }
          table.cards td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
        }
        """
}
