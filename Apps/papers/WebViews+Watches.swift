import Core
import Foundation
import PapersEntity
import PapersPresenter
import Plot
import WebSupport

/// The watches and the digest in a browser: the same presenters as `papers watch` and `papers digest --peek`.
extension WebViews {
    /// The saved searches, a form to add one by words or by meaning (its problem beside the field
    /// it is about), and a button to remove each.
    static func watches(
        _ data: WatchListViewData?, form: FormFields = FormFields(urlEncoded: ""), problem: WatchFormProblem? = nil
    )
        -> WebPage
    {
        let byMeaning = form["by"] == "meaning"
        return site.page(
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
                    .fieldset(
                        .element(named: "legend", text: "Match papers by"),
                        .input(
                            .type(.radio), .id("by-words"), .name("by"), .value("words"), .checked(!byMeaning)),
                        .label(.for("by-words"), "Words: the query is a search"),
                        .input(
                            .type(.radio), .id("by-meaning"), .name("by"), .value("meaning"), .checked(byMeaning)),
                        .label(.for("by-meaning"), "Meaning: the query is a description in plain words")),
                    .label(.for("query"), "Query"),
                    field("query", value: form["query"], problem: problem, required: true),
                    .p(
                        .id("query-help"), .class("help"),
                        "By words, the search's own language: au:maestro OR helium, cat:hep-th, …; by meaning, what the papers are about."
                    ),
                    .label(.for("name"), "Name (the query when empty)"),
                    .input(.id("name"), .name("name"), .type(.text), .escaped("value", form["name"])),
                    .label(.for("categories"), "Categories (space-separated; empty for all)"),
                    .input(.id("categories"), .name("categories"), .type(.text), .escaped("value", form["categories"])),
                    .label(.for("threshold"), "Threshold (by meaning only)"),
                    field("threshold", value: form["threshold"], problem: problem, required: false),
                    .p(
                        .id("threshold-help"), .class("help"),
                        .plainText(
                            "The lowest cosine a paper needs with the description, above 0 and at most 1; empty for \(Watch.defaultThreshold)."
                        )
                    ),
                    .button(.type(.submit), .id("add-watch"), "Add the watch")),
            ])
    }

    /// A text field of the watch form, described by its help and, when the problem is about it, by the problem.
    private static func field(_ id: String, value: String, problem: WatchFormProblem?, required: Bool)
        -> Node<HTML.FormContext>
    {
        let wrong = problem?.field.rawValue == id
        return .group(
            .input(
                .id(id), .name(id), .type(.text), .escaped("value", value),
                .attribute(named: "required", value: required ? "required" : ""),
                .attribute(named: "aria-describedby", value: wrong ? "\(id)-error \(id)-help" : "\(id)-help"),
                .attribute(named: "aria-invalid", value: wrong ? "true" : "")),
            .unwrap(wrong ? problem : nil) {
                .p(.class("error"), .id("\(id)-error"), .attribute(named: "role", value: "alert"), .plainText($0.text))
            })
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

/// What is wrong with the form that adds a watch, and the field it is shown beside.
struct WatchFormProblem {
    /// The form's fields a problem can be about.
    enum Field: String {
        case query, threshold
    }

    let field: Field
    let text: String

    init(_ field: Field, _ text: String) {
        self.field = field
        self.text = text
    }

    /// `failure`, worded as `line`, beside the threshold when it is about the threshold and beside the query otherwise.
    init(for failure: any Error, line: String) {
        let error = (failure as? ViewFailure)?.error ?? failure
        if case PapersError.thresholdOutOfRange = error {
            self.init(.threshold, line)
        } else {
            self.init(.query, line)
        }
    }
}
