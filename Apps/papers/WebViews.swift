import Core
import Foundation
import PapersEntity
import PapersPresenter
import Plot
import WebSupport

/// How each view data looks in a browser: the same facts `Views` prints, as HTML.
enum WebViews {
    /// The site: its name, the links every page shows, and its stylesheet.
    static let site = WebSite(
        name: "Papers",
        navigation: [
            .init("Search", path: "/"), .init("Favourites", path: "/favourites"),
            .init("Watches", path: "/watches"), .init("Digest", path: "/digest"),
        ],
        stylesheets: [WebStyle.path], words: WebWording.messages(for:))

    /// The library search: the form, and a page of ranked results when something was searched.
    ///
    /// - Parameter library: for the page without a search, the library's statistics and its newest papers.
    static func search(
        _ query: String, results: PaperListViewData?, problem: String? = nil,
        library: (stats: LibraryStatsViewData?, newest: PaperListViewData?)? = nil
    ) -> WebPage {
        site.page(
            query.isEmpty ? "Search the library" : "Search: \(query)", path: "/",
            [
                .form(
                    .method(.get), .action("/"), .class("search"), .attribute(named: "role", value: "search"),
                    .label(.for("q"), "Search the library"),
                    .input(
                        .id("q"), .name("q"), .type(.search), .escaped("value", query),
                        .attribute(named: "aria-describedby", value: problem == nil ? "q-help" : "q-error q-help"),
                        .attribute(named: "aria-invalid", value: problem == nil ? "" : "true")),
                    .button(.type(.submit), .text("Search")),
                    .unwrap(problem) {
                        .p(.class("error"), .id("q-error"), .attribute(named: "role", value: "alert"), .plainText($0))
                    },
                    .p(
                        .id("q-help"), .class("help"),
                        .text(
                            #"All words must match; "two words" is a phrase, word* a prefix; ti:, au:, abs:, cat:, id: and doi: limit a word to a field; OR, ANDNOT and parentheses combine them. An arXiv id finds that paper. Best match first."#
                        ))),
                .unwrap(results) { list($0, query: query) },
                .unwrap(library) { library in
                    .section(
                        .attribute(named: "aria-labelledby", value: "newest"),
                        .p(
                            .class("library-size"),
                            .plainText(
                                library.stats.map {
                                    "The library holds \(Headings.plural($0.papers, "paper")), \(Headings.plural($0.favourites, "favourite"))."
                                } ?? "The library is empty; import papers with the papers command first.")),
                        .h2(.id("newest"), "Newest in the library"),
                        .unwrap(library.newest) { newest in
                            newest.rows.isEmpty ? .p(.class("empty"), "No papers yet.") : rows(newest.rows, query: "")
                        })
                },
            ])
    }

    /// The favourites, most recently marked first.
    static func favourites(_ data: PaperListViewData) -> WebPage {
        site.page("Favourites", path: "/favourites", [list(data)])
    }

    /// One paper as a reader wants it: the favourite button, authors and dates, links to arXiv,
    /// versions, the abstract, the citation to copy (BibTeX and RIS), and similar papers.
    ///
    /// - Parameters:
    ///   - citation: the paper as a reference manager reads it, when the export found it.
    ///   - similar: papers in the library like this one.
    ///   - back: the search the person came from (`q` and `page`), for the way back.
    static func paper(
        _ data: PaperDetailViewData, citation: ExportRecord?, similar: PaperListViewData?, back: (String, Int)?
    ) -> WebPage {
        let id = query(data.id)
        let names = data.authorNames.isEmpty ? data.authors : data.authorNames
        return site.page(
            (data.isFavourite ? Views.favouriteMark + " " : "") + data.title, path: "",
            [
                .unwrap(back) { search, page in
                    .p(.class("back"), .a(.escaped("href", "/?q=\(query(search))&page=\(page)"), "Back to the results"))
                },
                .form(
                    .method(.post), .action("/paper/favourite"), .class("favourite"),
                    .input(.type(.hidden), .name("id"), .escaped("value", data.id)),
                    .input(.type(.hidden), .name("favourite"), .value(data.isFavourite ? "no" : "yes")),
                    .button(
                        .type(.submit), .id("favourite"),
                        .text(data.isFavourite ? "Remove from favourites" : "Add to favourites"))),
                .p(
                    .class("authors"),
                    .forEach(Array(zip(names, data.authors).enumerated())) { index, author in
                        .group(
                            .if(index > 0, .text(", ")),
                            .a(.escaped("href", authorSearch(author.0)), .class("author"), .plainText(author.0)),
                            .if(author.1 != author.0, .plainText(String(author.1.dropFirst(author.0.count)))))
                    }),
                .dl(
                    .class("facts"),
                    .dt("Identifier"), .dd(.plainText(data.shortID)),
                    .dt("Submitted"), .dd(.plainText("\(data.published) (v1)")),
                    .if(
                        data.version > 1,
                        .group(.dt("This version"), .dd(.plainText("\(data.updated) (v\(data.version))")))),
                    .dt("Categories"),
                    .dd(
                        .forEach(
                            Array(
                                ([data.primaryCategory] + data.categories.filter { $0 != data.primaryCategory })
                                    .enumerated())
                        ) {
                            index, category in
                            .group(
                                .if(index > 0, .text(" ")),
                                .a(.escaped("href", "/?q=" + query("cat:\(category)")), .plainText(category)))
                        }),
                    .unwrap(data.journalRef) { journal in
                        .group(
                            .dt("Journal reference"),
                            .dd(
                                .a(
                                    .escaped("href", "/?q=" + query("jr:\"\(journal.filter { $0 != "\"" })\"")),
                                    .plainText(journal))))
                    },
                    .unwrap(data.doi) { doi in
                        .group(.dt("DOI"), .dd(.a(.escaped("href", "https://doi.org/\(doi)"), .plainText(doi))))
                    },
                    .unwrap(data.comment) { .group(.dt("Comment"), .dd(.plainText($0))) },
                    .unwrap(data.license) { .group(.dt("Licence"), .dd(.a(.escaped("href", $0), .plainText($0)))) },
                    .if(data.withdrawn, .group(.dt("Withdrawn"), .dd("arXiv has withdrawn this paper.")))),
                .p(
                    .class("links"),
                    .a(.escaped("href", data.abstractURL), .id("abstract-page"), "Abstract page on arXiv"),
                    .text(" · "), .a(.escaped("href", data.pdfURL), .id("pdf"), "PDF")),
                .h2("Abstract"),
                .p(.class("summary"), .plainText(data.summary)),
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
                .unwrap(citation) { record in
                    .section(
                        .attribute(named: "aria-labelledby", value: "cite"),
                        .h2(.id("cite"), "Cite"),
                        .h3("BibTeX"),
                        .pre(.id("bibtex-text"), .class("citation"), .plainText(record.bibTeX)),
                        .h3("RIS"),
                        .pre(.id("ris-text"), .class("citation"), .plainText(ExportViews.ris(record))),
                        .p(.a(.escaped("href", "/paper/bibtex?id=\(id)"), .id("bibtex"), "Download BibTeX")))
                },
                .unwrap(similar) { similar in
                    .section(
                        .attribute(named: "aria-labelledby", value: "similar"),
                        .h2(
                            .id("similar"),
                            .text(
                                similar.unembedded == nil
                                    ? "Similar papers in the library" : "Similar papers in the library, by meaning")),
                        similar.rows.isEmpty
                            ? .p(.class("empty"), "Nothing else in the library is like this paper.")
                            : rows(similar.rows, query: ""),
                        .unwrap(similar.unembedded.flatMap { $0 > 0 ? $0 : nil }) { missing in
                            .p(
                                .class("note"),
                                .text(
                                    "\(Headings.plural(missing, "paper")) of the library \(missing == 1 ? "has" : "have") no vector yet and cannot be listed here; run papers library embed."
                                ))
                        })
                },
            ])
    }

    /// A list of papers: its heading (the terminal's words), then one item per paper, and for a
    /// search the links to the other pages of its results.
    static func list(_ data: PaperListViewData, query: String = "") -> Node<HTML.BodyContext> {
        guard !data.rows.isEmpty else { return .p(.class("empty"), .plainText(WebWording.empty(data.subject))) }
        return .section(
            .attribute(named: "aria-labelledby", value: "results"),
            .h2(.id("results"), .plainText(Headings.list(data))),
            rows(data.rows, query: query, start: data.range?.first, page: data.range?.page ?? 1),
            .unwrap(data.range) { pages($0, query: query) })
    }

    /// The papers of a list, numbered from `start`; each title links to its page, which links
    /// back to the search (`query`, `page`) when there is one.
    private static func rows(_ rows: [PaperRowViewData], query search: String, start: Int? = nil, page: Int = 1)
        -> Node<HTML.BodyContext>
    {
        let back = search.isEmpty ? "" : "&q=\(query(search))&page=\(page)"
        return .ol(
            .class("papers"),
            .unwrap(start) { .attribute(named: "start", value: String($0)) },
            .forEach(rows) { row in
                .li(
                    .class("paper"),
                    .unwrap(row.isFavourite ? Views.favouriteMark : nil) {
                        .span(.class("mark"), .attribute(named: "title", value: "favourite"), .text($0 + " "))
                    },
                    .a(.escaped("href", "/paper?id=\(query(row.id))\(back)"), .class("title"), .plainText(row.title)),
                    .p(
                        .class("authors"),
                        .forEach(Array(row.allAuthors.enumerated())) { index, author in
                            .group(
                                .if(index > 0, .text(", ")),
                                .a(.escaped("href", authorSearch(author)), .class("author"), .plainText(author)))
                        }),
                    .p(
                        .class("meta"),
                        .plainText("\(row.shortID) · \(row.date) · \(row.category)"),
                        .if(
                            !row.abstractURL.isEmpty,
                            .group(.text(" · "), .a(.escaped("href", row.abstractURL), "arXiv"))),
                        .if(!row.pdfURL.isEmpty, .group(.text(" · "), .a(.escaped("href", row.pdfURL), "PDF")))),
                    .unwrap(row.snippet) { runs in
                        .p(
                            .class("snippet"),
                            .forEach(runs) { run in
                                run.isMatch
                                    ? .element(named: "mark", nodes: [.plainText(run.text)]) : .plainText(run.text)
                            })
                    })
            })
    }

    /// The address of a library search for everything by `author`.
    static func authorSearch(_ author: String) -> String {
        "/?q=" + self.query("au:\"\(author.filter { $0 != "\"" })\"")
    }

    /// Links to the previous and the next page of a search's results, as `rel` links.
    private static func pages(_ range: ResultRangeViewData, query: String) -> Node<HTML.BodyContext> {
        func link(_ page: Int, _ label: String, _ rel: String) -> Node<HTML.BodyContext> {
            .a(
                .escaped("href", "/?q=\(self.query(query))&page=\(page)"), .attribute(named: "rel", value: rel),
                .text(label))
        }
        return .nav(
            .class("pages"), .attribute(named: "aria-label", value: "Result pages"),
            .if(range.page > 1, link(range.page - 1, "Previous page", "prev")),
            .p(.text("Page \(DisplayFormat.grouped(range.page)) of \(DisplayFormat.grouped(range.lastPage))")),
            .if(range.page < range.lastPage, link(range.page + 1, "Next page", "next")))
    }

    /// Text as one value of a URL's query: `hep-th/9901001` stays readable, `&`, `#` and spaces are encoded.
    static func query(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
