import Core
import Foundation
import Observation
import PapersEntity
import PapersUseCase

/// Publishes one paper in full: `show`, and the favourite marks that answer with the paper.
@Observable
@MainActor
public final class PaperDetailPresenter: Presenting {
    /// What the detail view shows now.
    public private(set) var state: ViewState<PaperDetailViewData> = .initial

    @ObservationIgnored private let useCase: PapersUseCase
    @ObservationIgnored private let now: @Sendable () -> Date

    /// Creates a presenter; `now` decides whether the paper counts as recent.
    public init(useCase: PapersUseCase, now: @escaping @Sendable () -> Date) {
        self.useCase = useCase
        self.now = now
    }

    /// Shows a paper, from the library or arXiv.
    public func show(_ id: String) async {
        await load(\.state) {
            let paper = try await useCase.show(id)
            let favourites = try await useCase.favourites().favouriteIDs
            return Formatting.detail(paper, isFavourite: favourites.contains(paper.id), now: now())
        }
    }

    /// Marks a paper as a favourite.
    public func favourite(_ id: String) async {
        await load(\.state) {
            let change = try await useCase.favourite(id)
            return Formatting.detail(
                change.paper, isFavourite: true, now: now(), change: change.changed ? .added : .alreadyFavourite)
        }
    }

    /// Removes a favourite mark.
    public func unfavourite(_ id: String) async {
        await load(\.state) {
            let change = try await useCase.unfavourite(id)
            return Formatting.detail(
                change.paper, isFavourite: false, now: now(), change: change.changed ? .removed : .wasNotFavourite)
        }
    }
}
