import AppSupport
import ColorEventsEntity
import ColorEventsPresenter
import Foundation
import Hummingbird
import WebSupport

/// ColorEvents' pages: the screens with a button per event, the journal, and the replay.
///
/// A send is a form POST answered by a redirect (303), so it works without a script; every open
/// screens page also streams the screens (Server-Sent Events into its live region) and repaints
/// them whenever they change, whichever page or process sent the event: the server follows the
/// journal every process writes, on PostgreSQL's notification of each append, or on a file by
/// asking it ten times a second.
struct ColorEventsPages: WebRoutes {
    let scene: ScenePresenter
    /// The screens' event streams: each change rendered once for every open page, at most `maxStreams` open.
    private let liveStreams: LiveBroadcast<SceneSnapshot>

    /// Pages over `scene`, whose live pages check the journal on each of `journalChanges` (the
    /// store's signal of appends anywhere) or, without one, ten times a second.
    init(scene: ScenePresenter, maxStreams: Int = LiveStreams.defaultLimit, journalChanges: AsyncStream<Void>? = nil) {
        self.scene = scene
        // Every check first catches up with the journal, so an event sent by another process (a
        // terminal's `color-events send`, another server on the same journal) repaints the open pages.
        liveStreams = LiveBroadcast(limit: maxStreams, wakeUps: journalChanges) {
            await scene.follow()
            return await scene.snapshot
        }
    }

    func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let router = WebViews.site.pages(router)
        router.get("/") { _, _ in await scenePage(problem: nil, status: .ok) }
        router.post("/events") { request, _ in try await send(FormFields(request)) }
        router.get(RouterPath(WebViews.livePath)) { _, _ in
            await liveStreams.response { ServerSentEvent(name: "update", data: await Self.liveScreens(scene)) }
        }
        router.get("/journal") { _, _ in await journalPage() }
        router.get("/replay") { _, _ in await replayPage() }
        WebStyle.stylesheet.addRoutes(to: router)
    }

    @MainActor
    private static func liveScreens(_ scene: ScenePresenter) -> String {
        WebViews.screens(scene.snapshot, live: true).render()
    }

    @MainActor
    private func scenePage(problem: String?, status: HTTPResponse.Status) async -> Response {
        await scene.follow()
        await scene.loadEvents()
        let events = (try? scene.events.result()) ?? []
        return WebViews.scene(scene.snapshot, events: events, problem: problem).response(status: status)
    }

    @MainActor
    private func send(_ form: FormFields) async -> Response {
        let event: Event
        do {
            event = try Event.named(form["event"])
        } catch {
            return await scenePage(problem: WebViews.site.line(for: error), status: .unprocessableContent)
        }
        await scene.send([event])
        if let failure = scene.sent.failure {
            return await scenePage(problem: WebViews.site.line(for: failure), status: WebPage.status(for: failure))
        }
        // Back to the button just pressed, so the next event is one key away.
        return WebSite.seeOther("/#send-\(event.rawValue)")
    }

    @MainActor
    private func journalPage() async -> Response {
        await WebViews.site.page(presenter: scene) {
            await $0.loadJournal(limit: nil)
            return $0.journal
        } render: {
            WebViews.journal($0)
        }
    }

    @MainActor
    private func replayPage() async -> Response {
        await WebViews.site.page(presenter: scene) {
            await $0.replay()
            return $0.replayed
        } render: {
            WebViews.replayed($0)
        }
    }
}
