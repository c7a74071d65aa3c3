import AppSupport
import Core
import Foundation
import Hummingbird
import PapersEntity
import PapersFactory
import PapersPresenter
import WebSupport

/// Papers' pages over the library, offline: search, a paper, the favourites, BibTeX.
///
/// Searching is a GET (a result page has an address to share); marking a favourite is a form
/// POST answered by a redirect (303) to the paper's page.
struct PapersPages: WebRoutes {
    let feature: PapersFeature
    /// How a paper's page finds its similar papers.
    var similarBy: SimilarityMeasure = .words

    func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let router = WebViews.site.pages(router)
        router.get("/") { request, _ in
            let fields = Self.query(request)
            return await searchPage(fields["q"], page: fields["page"])
        }
        router.get("/favourites") { _, _ in await favouritesPage() }
        router.get("/paper") { request, _ in
            let fields = Self.query(request)
            return await paperPage(
                fields["id"], back: fields["q"].isEmpty ? nil : (fields["q"], Int(fields["page"]) ?? 1))
        }
        router.post("/paper/favourite") { request, _ in try await toggle(FormFields(request)) }
        router.get("/paper/bibtex") { request, _ in await bibTeX(Self.query(request)["id"]) }
        WebStyle.stylesheet.addRoutes(to: router)
        router.get("/watches") { _, _ in await watchesPage() }
        router.post("/watches") { request, _ in try await addWatch(FormFields(request)) }
        router.post("/watches/remove") { request, _ in try await removeWatch(FormFields(request)) }
        router.get("/digest") { _, _ in await digestPage() }
        router.post("/digest/read") { request, _ in try await markRead(FormFields(request)) }
    }

    @MainActor
    private func watchesPage() async -> Response {
        await WebViews.site.page(presenter: feature.makeDigestPresenter()) {
            await $0.loadWatches()
            return $0.watches
        } render: {
            WebViews.watches($0)
        }
    }

    /// Adds a watch, by words or by meaning, and goes back to the list (303); a query that does
    /// not parse, or a threshold that is not a cosine, is shown again with the problem beside it.
    @MainActor
    private func addWatch(_ form: FormFields) async -> Response {
        let presenter = feature.makeDigestPresenter()
        let name = form["name"].trimmingCharacters(in: .whitespaces)
        let categories = form["categories"].split(separator: " ").map(String.init)
        let threshold = form["threshold"].trimmingCharacters(in: .whitespaces)
        if form["by"] == "meaning" {
            guard let cosine = threshold.isEmpty ? Watch.defaultThreshold : Double(threshold) else {
                return await watchForm(
                    form, presenter,
                    WatchFormProblem(.threshold, WebWording.notACosine(threshold)), status: .badRequest)
            }
            await presenter.addMeaningWatch(
                description: form["query"], name: name.isEmpty ? nil : name, threshold: cosine,
                categories: categories)
        } else {
            guard threshold.isEmpty else {
                return await watchForm(
                    form, presenter, WatchFormProblem(.threshold, WebWording.thresholdByWords),
                    status: .badRequest)
            }
            await presenter.addWatch(query: form["query"], name: name.isEmpty ? nil : name, categories: categories)
        }
        guard case .failed(let failure) = presenter.watches else { return WebSite.seeOther("/watches") }
        return await watchForm(
            form, presenter, WatchFormProblem(for: failure, line: WebViews.site.line(for: failure)),
            status: WebPage.status(for: failure))
    }

    /// The watches page again, with the form as it was sent and what is wrong with it.
    @MainActor
    private func watchForm(
        _ form: FormFields, _ presenter: DigestPresenter, _ problem: WatchFormProblem, status: HTTPResponse.Status
    ) async -> Response {
        await presenter.loadWatches()
        return WebViews.watches(presenter.watches.value, form: form, problem: problem).response(status: status)
    }

    @MainActor
    private func removeWatch(_ form: FormFields) async -> Response {
        let presenter = feature.makeDigestPresenter()
        await presenter.removeWatch(named: form["name"])
        do {
            _ = try presenter.watches.result()
            return WebSite.seeOther("/watches")
        } catch {
            return WebViews.site.failure(error)
        }
    }

    /// The digest since the mark; reading it moves nothing.
    @MainActor
    private func digestPage() async -> Response {
        await WebViews.site.page(presenter: feature.makeDigestPresenter()) {
            await $0.loadDigest()
            return $0.digest
        } render: {
            WebViews.digest($0)
        }
    }

    /// Moves the mark to the digest the person read (its `asOf`, from the form), never past it.
    @MainActor
    private func markRead(_ form: FormFields) async -> Response {
        guard let through = Int64(form["through"]) else {
            return WebViews.site.failure("The form did not say which digest was read; open the digest again.")
                .response(status: .unprocessableContent)
        }
        do {
            try await feature.makeDigestPresenter().markRead(through: Date(millisecondsSince1970: through))
            return WebSite.seeOther("/digest")
        } catch {
            return WebViews.site.failure(error)
        }
    }

    /// How many papers a page of results shows.
    static let pageSize = 20

    /// How many similar papers a paper's page lists.
    static let similarPapers = 5

    @MainActor
    private func searchPage(_ query: String, page: String) async -> Response {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return await landingPage() }
        let presenter = feature.makePaperListPresenter()
        // A page that is not a number is page 0, which the use case refuses like any page out of range.
        await presenter.searchLibrary(text, page: page.isEmpty ? 1 : Int(page) ?? 0, pageSize: Self.pageSize)
        do {
            return WebViews.search(text, results: try presenter.state.result()).response()
        } catch {
            return WebViews.search(text, results: nil, problem: WebViews.site.line(for: error))
                .response(status: WebPage.status(for: error))
        }
    }

    /// The search box, the library's size and its newest papers.
    @MainActor
    private func landingPage() async -> Response {
        let stats = feature.makeLibraryPresenter()
        await stats.loadStats()
        let newest = feature.makePaperListPresenter()
        await newest.newest(limit: Self.pageSize)
        // An empty or missing library still gets its search box, and says why nothing is listed.
        return WebViews.search("", results: nil, library: (stats.stats.value, newest.state.value)).response()
    }

    @MainActor
    private func favouritesPage() async -> Response {
        await WebViews.site.page(presenter: feature.makePaperListPresenter()) {
            await $0.favourites()
            return $0.state
        } render: {
            WebViews.favourites($0)
        }
    }

    @MainActor
    private func paperPage(_ id: String, back: (String, Int)?) async -> Response {
        let presenter = feature.makePaperDetailPresenter()
        await presenter.show(id)
        do {
            let paper = try presenter.state.result()
            let citation = feature.makeLibraryPresenter()
            await citation.export(ids: [paper.id], favourites: false, watch: nil, query: nil)
            let similar = feature.makePaperListPresenter()
            switch similarBy {
            case .words: await similar.similar(to: paper.id, limit: Self.similarPapers)
            case .meaning: await similar.similarByMeaning(to: paper.id, limit: Self.similarPapers)
            }
            return WebViews.paper(
                paper, citation: citation.export.value?.records.first, similar: similar.state.value, back: back
            ).response()
        } catch {
            return WebViews.site.failure(error)
        }
    }

    @MainActor
    private func toggle(_ form: FormFields) async -> Response {
        let presenter = feature.makePaperDetailPresenter()
        if form["favourite"] == "no" {
            await presenter.unfavourite(form["id"])
        } else {
            await presenter.favourite(form["id"])
        }
        do {
            let data = try presenter.state.result()
            return WebSite.seeOther("/paper?id=\(WebViews.query(data.id))")
        } catch {
            return WebViews.site.failure(error)
        }
    }

    @MainActor
    private func bibTeX(_ id: String) async -> Response {
        let presenter = feature.makeLibraryPresenter()
        await presenter.exportBibTeX([id])
        do {
            let text = try presenter.bibTeX.result().text + "\n"
            let file = String(id.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/x-bibtex; charset=utf-8",
                    .contentDisposition: "attachment; filename=\"\(file).bib\"",
                ],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        } catch {
            return WebViews.site.failure(error)
        }
    }

    /// The fields of the request's query string, read as a form's (`+` a space, as browsers send a GET form).
    private static func query(_ request: Request) -> FormFields {
        FormFields(urlEncoded: request.uri.query ?? "")
    }
}
