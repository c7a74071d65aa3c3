import AppSupport
import Core
import PapersEntity
import PapersPresenter
import WebSupport

/// Papers' words for a browser: the same typed errors and empty lists `ErrorWording` and `Views`
/// word for a terminal, with advice a person can follow on the page (no flags or commands).
enum WebWording {
    /// What an empty list says, by what it was a list of.
    static func empty(_ subject: PaperListSubject) -> String {
        switch subject {
        case .favourites: "No favourites yet; open a paper and choose Add to favourites."
        case .librarySearch(let text): "Nothing in the library matches \(Quote.quoted(text)); try other words."
        default: WebSite.sentence(Views.emptyMessage(subject))
        }
    }

    /// The words for `error` on a page.
    static func messages(for error: any Error) -> [WebMessage] {
        [WebMessage(text(for: error))]
    }

    private static func text(for error: any Error) -> String {
        let failure = (error as? ViewFailure)?.error ?? error
        switch failure {
        case PapersError.offlineLookup(let ids):
            return
                "\(Quote.text(ids.joined(separator: ", "))) is not in the library; search for it, or import it with the papers command."
        case PapersError.notInLibrary(let id), PapersError.paperNotFound(let id), PapersError.notAFavourite(let id):
            return "\(Quote.text(id)) is not in the library; search for it, or import it with the papers command."
        case PapersError.notAnArxivID(let text):
            return "\(Quote.quoted(text)) is not an arXiv id; ids look like 2401.12345 or hep-th/9901001."
        case PapersError.pageOutOfRange(let page, let pages):
            return page < 1
                ? "Pages are numbered from 1."
                : "Page \(DisplayFormat.grouped(page)) is past the last; the results fill \(Headings.plural(pages, "page"))."
        case let error as StorageError where error.cause == .missing:
            return "The library is empty; import papers with the papers command first."
        default: return WebSite.sentence(ErrorWording.reporter.message(for: failure))
        }
    }

}
