import AppSupport
import Core
import Foundation
import Hummingbird
import PapersFactory
import PapersPresenter
import WebSupport

/// Papers' pages over the library, offline: search, a paper, the favourites, BibTeX.
///
/// Searching is a GET (a result page has an address to share); marking a favourite is a form
/// POST answered by a redirect (303) to the paper's page.
struct PapersPages: WebRoutes {
    let feature: PapersFeature

    func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        router.get("/") { request, _ in await searchPage(Self.query(request)["q"]) }
        router.get("/favourites") { _, _ in await favouritesPage() }
        router.get("/paper") { request, _ in await paperPage(Self.query(request)["id"]) }
        router.post("/paper/favourite") { request, _ in try await toggle(FormFields(request)) }
        router.get("/paper/bibtex") { request, _ in await bibTeX(Self.query(request)["id"]) }
    }

    @MainActor
    private func searchPage(_ query: String) async -> Response {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return WebViews.search("", results: nil).response() }
        let presenter = feature.makePaperListPresenter()
        await presenter.searchLibrary(text, limit: 50)
        do {
            return WebViews.search(text, results: try presenter.state.result()).response()
        } catch {
            return WebViews.search(text, results: nil, problem: WebWording.line(for: error))
                .response(status: Self.status(error))
        }
    }

    @MainActor
    private func favouritesPage() async -> Response {
        let presenter = feature.makePaperListPresenter()
        await presenter.favourites()
        do {
            return WebViews.favourites(try presenter.state.result()).response()
        } catch {
            return WebViews.failure(WebWording.line(for: error)).response(status: Self.status(error))
        }
    }

    @MainActor
    private func paperPage(_ id: String) async -> Response {
        let presenter = feature.makePaperDetailPresenter()
        await presenter.show(id)
        do {
            return WebViews.paper(try presenter.state.result()).response()
        } catch {
            return WebViews.failure(WebWording.line(for: error)).response(status: Self.status(error))
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
            return Response(status: .seeOther, headers: [.location: "/paper?id=\(WebViews.query(data.id))"])
        } catch {
            return WebViews.failure(WebWording.line(for: error)).response(status: Self.status(error))
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
            return WebViews.failure(WebWording.line(for: error)).response(status: Self.status(error))
        }
    }

    /// The fields of the request's query string, read as a form's (`+` a space, as browsers send a GET form).
    private static func query(_ request: Request) -> FormFields {
        FormFields(urlEncoded: request.uri.query ?? "")
    }

    /// The HTTP status for an error's kind: the person's mistake, a paper that is not there, or ours.
    static func status(_ error: any Error) -> HTTPResponse.Status {
        switch domainError((error as? ViewFailure)?.error ?? error).kind {
        case .usage, .validation: .unprocessableContent
        case .notFound: .notFound
        default: .internalServerError
        }
    }
}
