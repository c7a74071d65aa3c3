import AppSupport
import Core
import Foundation
import Hummingbird
import MemorizeEntity
import MemorizeFactory
import MemorizePresenter
import WebSupport

/// Memorize's pages: choose a theme, play by clicking cards (each a button of a form), the scores.
///
/// Every action is a form POST answered by a redirect to the game's page (303), so the browser's
/// back and reload never replay a move, and nothing needs a script.
struct MemorizePages: WebRoutes {
    let feature: MemorizeFeature
    let games: WebGames

    func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let router = WebViews.site.pages(router)
        router.get("/") { _, _ in await themesPage(FormState(), status: .ok) }
        router.post("/games") { request, _ in try await deal(FormFields(request)) }
        router.get("/games/:id") { _, context in try await gamePage(context.parameters.require("id")) }
        router.post("/games/:id/choose") { request, context in
            let id = try context.parameters.require("id")
            let form = try await FormFields(request)
            guard let number = Int(form["card"]) else { return WebSite.seeOther("/games/\(id)") }
            guard await games.choose(number, in: id) else { return Self.gone() }
            // Back to the card just chosen: the keyboard goes on from there, not from the top.
            return WebSite.seeOther("/games/\(id)#card-\(number)")
        }
        router.post("/games/:id/restart") { _, context in
            let id = try context.parameters.require("id")
            guard await games.restart(id) else { return Self.gone() }
            return WebSite.seeOther("/games/\(id)")
        }
        router.get("/scores") { request, _ in await scoresPage(theme: request.uri.queryParameters.get("theme")) }
        WebStyle.stylesheet.addRoutes(to: router)
    }

    @MainActor
    private func themesPage(_ form: FormState, status: HTTPResponse.Status) async -> Response {
        do {
            let themes = try await WebSite.value(presenter: feature.makeThemeListPresenter()) {
                await $0.load()
                return $0.state
            }
            return WebViews.themes(themes, form: form).response(status: status)
        } catch {
            return WebViews.site.failure(error)
        }
    }

    /// Deals the game the form asks for; or the form again, as typed, with every field's error beside it.
    private func deal(_ fields: FormFields) async -> Response {
        var form = FormState(fields)
        let pairs = Self.number(form["pairs"], as: Int.self)
        let seed = Self.number(form["seed"], as: UInt64.self)
        if pairs == nil { form.report([WebWording.notANumber("pairs", label: "Pairs")]) }
        if seed == nil { form.report([WebWording.notANumber("seed", label: "Seed")]) }
        guard let pairs, let seed else { return await themesPage(form, status: .unprocessableContent) }
        do {
            let theme = form["theme"].isEmpty ? "random" : form["theme"]
            return WebSite.seeOther("/games/\(try await games.deal(theme: theme, pairs: pairs, seed: seed))")
        } catch let full as WebGamesFull {
            let wait = Self.retryAfterSeconds
            form.problem = WebWording.tableFull(full, retryAfter: wait)
            var response = await themesPage(form, status: .serviceUnavailable)
            response.headers[.retryAfter] = String(wait)
            return response
        } catch {
            form.report(WebWording.messages(for: error))
            return await themesPage(form, status: .unprocessableContent)
        }
    }

    @MainActor
    private func gamePage(_ id: String) throws -> Response {
        guard let data = try games.game(id) else { return Self.gone() }
        return WebViews.game(data, id: id).response()
    }

    @MainActor
    private func scoresPage(theme: String?) async -> Response {
        await WebViews.site.page(presenter: try feature.makeScoreBoardPresenter()) {
            await $0.load(theme: theme, limit: 10)
            return $0.state
        } render: {
            WebViews.scores($0, theme: theme)
        }
    }

    /// An optional whole number from a form field: `.some(nil)` when empty, `nil` when not a number.
    private static func number<Value: FixedWidthInteger>(_ text: String, as type: Value.Type) -> Value?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .some(nil) }
        return Value(trimmed).map { .some($0) }
    }

    /// How long a player is asked to wait when every game held is in play.
    static let retryAfterSeconds = 60

    /// A game that is no longer (or never was) in play.
    static func gone() -> Response {
        // The game's address names nothing here any more: the page of the error, at the address's status.
        WebViews.site.failure(WebViews.site.line(for: MemorizeError.noGameInPlay)).response(status: .notFound)
    }
}
