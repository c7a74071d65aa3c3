import Core
import Foundation
import PapersEntity
import PapersPresenter
import Plot
import WebSupport

/// How each view data looks in a browser: the same facts `Views` prints, as HTML.
enum WebViews {
    /// The site's name and its navigation, on every page.
    static let site = "Papers"
    static let navigation = [WebPage.Link("Search", path: "/"), WebPage.Link("Favourites", path: "/favourites")]

    /// The library search: the form, and the ranked results when something was searched.
    static func search(_ query: String, results: PaperListViewData?, problem: String? = nil) -> WebPage {
        page(
            query.isEmpty ? "Search the library" : "Search: \(query)", path: "/",
            [
                .form(
                    .method(.get), .action("/"), .class("search"), .attribute(named: "role", value: "search"),
                    .label(.for("q"), "Search the library"),
                    .input(
                        .id("q"), .name("q"), .type(.search), .escaped("value", query),
                        .attribute(named: "aria-describedby", value: "q-help")),
                    .button(.type(.submit), .text("Search")),
                    .p(
                        .id("q-help"), .class("help"),
                        .text(
                            #"All words must match; "two words" is a phrase, word* a prefix; ti:, au: and abs: limit a word to a field. Best match first."#
                        ))),
                .unwrap(problem) { .p(.class("error"), .attribute(named: "role", value: "alert"), .verbatim($0)) },
                .unwrap(results) { list($0) },
            ])
    }

    /// The favourites, most recently marked first.
    static func favourites(_ data: PaperListViewData) -> WebPage {
        page("Favourites", path: "/favourites", [list(data)])
    }

    /// One paper: its fields, versions and abstract, the favourite toggle and the BibTeX download.
    static func paper(_ data: PaperDetailViewData) -> WebPage {
        let id = query(data.id)
        return page(
            (data.isFavourite ? Views.favouriteMark + " " : "") + data.title, path: "",
            [
                .dl(
                    .forEach(data.fields.filter { $0.label != "title" }) { field in
                        .group(.dt(.text(field.label)), .dd(value(field)))
                    }),
                .if(
                    !data.versions.isEmpty,
                    .table(
                        .caption("Versions"),
                        .thead(.tr(.th("Version"), .th("Date"), .th("Size"))),
                        .tbody(
                            .forEach(data.versions) { version in
                                .tr(
                                    .td(.text("v\(version.number)")), .td(.text(version.date)),
                                    .td(.text(version.size ?? "")))
                            }))),
                .h2("Abstract"),
                .p(.class("summary"), .verbatim(data.summary)),
                .form(
                    .method(.post), .action("/paper/favourite"),
                    .input(.type(.hidden), .name("id"), .escaped("value", data.id)),
                    .input(.type(.hidden), .name("favourite"), .value(data.isFavourite ? "no" : "yes")),
                    .button(
                        .type(.submit), .id("favourite"),
                        .text(data.isFavourite ? "Remove from favourites" : "Add to favourites"))),
                .p(.a(.escaped("href", "/paper/bibtex?id=\(id)"), .id("bibtex"), "Download BibTeX")),
            ])
    }

    /// A page that only says what went wrong and where to go on.
    static func failure(_ line: String) -> WebPage {
        page("Papers", path: "", [.p(.class("error"), .attribute(named: "role", value: "alert"), .verbatim(line))])
    }

    /// A list of papers: its heading (the terminal's words), then one item per paper.
    static func list(_ data: PaperListViewData) -> Node<HTML.BodyContext> {
        guard !data.rows.isEmpty else { return .p(.class("empty"), .verbatim(WebWording.empty(data.subject))) }
        return .section(
            .attribute(named: "aria-labelledby", value: "results"),
            .h2(.id("results"), .verbatim(Headings.list(data))),
            .ol(
                .class("papers"),
                .forEach(data.rows) { row in
                    .li(
                        .class("paper"),
                        .unwrap(row.isFavourite ? Views.favouriteMark : nil) {
                            .span(.class("mark"), .attribute(named: "title", value: "favourite"), .text($0 + " "))
                        },
                        .a(.escaped("href", "/paper?id=\(query(row.id))"), .class("title"), .verbatim(row.title)),
                        .p(
                            .class("meta"),
                            .verbatim("\(row.shortID) · \(row.date) · \(row.category) · \(row.authors)")))
                }))
    }

    private static func value(_ field: DetailField) -> Node<HTML.BodyContext> {
        switch field.label {
        case "abstract", "pdf": .a(.escaped("href", field.value), .verbatim(field.value))
        default: .verbatim(field.value)
        }
    }

    private static func page(_ title: String, path: String, _ body: [Node<HTML.BodyContext>]) -> WebPage {
        WebPage(title: title, site: site, navigation: navigation, path: path, body: body)
    }

    /// Text as one value of a URL's query: `hep-th/9901001` stays readable, `&`, `#` and spaces are encoded.
    static func query(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
