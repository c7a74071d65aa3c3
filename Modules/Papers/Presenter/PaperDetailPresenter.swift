import Core
import Foundation
import Observation
import PapersEntity
import PapersUseCase

/// Publishes one paper in full: `show`, and the favourite marks that answer with the paper.
@Observable
@MainActor
public final class PaperDetailPresenter {
    /// What the detail view shows now.
    /// The last failure with its kind, so the app can exit with the matching code.
    public private(set) var failure: MessageError?
    public private(set) var state: ViewState<PaperDetailViewData> = .initial

    private let useCase: PapersUseCase
    private let now: @Sendable () -> Date

    /// Creates a presenter.
    public init(useCase: PapersUseCase, now: @escaping @Sendable () -> Date) {
        self.useCase = useCase
        self.now = now
    }

    /// Shows a paper, from the library or arXiv.
    public func show(_ id: String) async {
        failure = await load(self, \.state) {
            let paper = try await useCase.show(id)
            let favourites = try useCase.favourites().favouriteIDs
            return Formatting.detail(paper, isFavourite: favourites.contains(paper.id), now: now())
        }
    }

    /// Marks a paper as a favourite.
    public func favourite(_ id: String) async {
        failure = await load(self, \.state) {
            let change = try await useCase.favourite(id)
            let notice = change.changed ? "★ \(change.paper.shortID) added to favourites" : "\(change.paper.shortID) was already a favourite"
            return Formatting.detail(change.paper, isFavourite: true, now: now(), notice: notice)
        }
    }

    /// Removes a favourite mark.
    public func unfavourite(_ id: String) async {
        failure = await load(self, \.state) {
            let change = try useCase.unfavourite(id)
            let notice = change.changed ? "\(change.paper.shortID) removed from favourites" : "\(change.paper.shortID) was not a favourite"
            return Formatting.detail(change.paper, isFavourite: false, now: now(), notice: notice)
        }
    }
}
