import Core
import Foundation
import PapersPresenter
import Plot
import WebSupport

/// The watches and the digest in a browser: the same presenters as `papers watch` and `papers digest --peek`.
extension WebViews {
    /// The saved searches, a form to add one (its problem beside the query), and a button to remove each.
    static func watches(
        _ data: WatchListViewData?, form: FormFields = FormFields(urlEncoded: ""), problem: String? = nil
    )
        -> WebPage
    {
        site.page(
            "Watches", path: "/watches",
            [
                .unwrap(data) { data in
                    data.watches.isEmpty
                        ? .p(.class("empty"), "No watches yet; add one below, and the digest lists what is new for it.")
                        : .table(
                            .class("cards"), .caption("Saved searches"),
                            .thead(.tr(.th("Name"), .th("Query"), .th("Categories"), .th("Remove"))),
                            .tbody(
                                .forEach(data.watches) { watch in
                                    .tr(
                                        .td(
                                            .attribute(named: "data-label", value: "Name"),
                                            // A words watch opens its search; a description has no search page.
                                            watch.threshold == nil
                                                ? .a(
                                                    .escaped("href", "/?q=" + query(watch.query)),
                                                    .plainText(watch.name))
                                                : .plainText(watch.name)),
                                        .td(
                                            .attribute(named: "data-label", value: "Query"),
                                            .code(
                                                .plainText(
                                                    DigestViews.criterion(watch.query, threshold: watch.threshold)))),
                                        .td(
                                            .attribute(named: "data-label", value: "Categories"),
                                            .plainText(watch.categories.joined(separator: " "))),
                                        .td(
                                            .form(
                                                .method(.post), .action("/watches/remove"),
                                                .input(.type(.hidden), .name("name"), .escaped("value", watch.name)),
                                                .button(
                                                    .type(.submit),
                                                    .escaped("aria-label", "Remove \(watch.name)"),
                                                    "Remove"))))
                                }))
                },
                .h2("Add a watch"),
                .form(
                    .method(.post), .action("/watches"), .class("watch"),
                    .label(.for("query"), "Query"),
                    .input(
                        .id("query"), .name("query"), .type(.text), .escaped("value", form["query"]),
                        .attribute(named: "required", value: "required"),
                        .attribute(
                            named: "aria-describedby", value: problem == nil ? "query-help" : "query-error query-help"),
                        .attribute(named: "aria-invalid", value: problem == nil ? "" : "true")),
                    .unwrap(problem) {
                        .p(
                            .class("error"), .id("query-error"), .attribute(named: "role", value: "alert"),
                            .plainText($0))
                    },
                    .p(
                        .id("query-help"), .class("help"),
                        "The search's own language: au:maestro OR helium, cat:hep-th, …"),
                    .label(.for("name"), "Name (the query when empty)"),
                    .input(.id("name"), .name("name"), .type(.text), .escaped("value", form["name"])),
                    .label(.for("categories"), "Categories (space-separated; empty for all)"),
                    .input(.id("categories"), .name("categories"), .type(.text), .escaped("value", form["categories"])),
                    .button(.type(.submit), .id("add-watch"), "Add the watch")),
            ])
    }

    /// The digest of what is new for each watch; reading it moves nothing until "Mark as read".
    static func digest(_ data: DigestViewData) -> WebPage {
        let groups = DigestViews.groups(data)
        return site.page(
            "Digest", path: "/digest",
            [
                .p(.class("summary"), .plainText(WebSite.sentence(DigestViews.summary(data)))),
                .unwrap(emptyDigest(data)) { .p(.class("empty"), .plainText($0)) },
                .forEach(Array(groups.enumerated()).filter { !$0.element.entries.isEmpty }) { index, group in
                    .section(
                        .attribute(named: "aria-labelledby", value: "watch-\(index)"),
                        .h2(.id("watch-\(index)"), .plainText(group.name)),
                        .unwrap(group.query) { .p(.class("query"), .code(.plainText($0))) },
                        .ol(
                            .class("papers"),
                            .forEach(group.entries) { entry in
                                .li(
                                    .class("paper"),
                                    .a(
                                        .escaped("href", "/paper?id=\(query(entry.id))"), .class("title"),
                                        .plainText(entry.title)),
                                    .p(
                                        .class("meta"),
                                        .plainText(
                                            ([entry.shortID, entry.date, entry.category, entry.authorSummary]
                                                + DigestViews.notes(entry))
                                                .joined(separator: " · "))))
                            }))
                },
                .unwrap(data.asOf) { mark in
                    .form(
                        .method(.post), .action("/digest/read"),
                        .input(.type(.hidden), .name("through"), .value(String(mark.millisecondsSince1970))),
                        .button(.type(.submit), .id("mark-read"), "Mark as read"),
                        .p(.class("help"), "The next digest then lists only what comes after this one."))
                },
            ])
    }

    /// What an empty digest says on a page; nil when it lists something.
    private static func emptyDigest(_ data: DigestViewData) -> String? {
        guard data.count == 0 else { return nil }
        if data.asOf == nil { return "The library is empty; import papers with the papers command first." }
        if data.sections.isEmpty { return "No watches, so nothing to digest; add one on the Watches page." }
        return "Nothing new for your watches" + (data.since.map { " since \($0) UTC." } ?? " in the library.")
    }
}
