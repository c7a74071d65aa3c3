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

    /// A threshold in the watch form that is not a number.
    static func notACosine(_ text: String) -> String {
        "The threshold must be a number, a cosine above 0 and at most 1 such as 0.45; got \(Quote.quoted(text, limit: 40))."
    }

    /// A threshold given for a watch by words.
    static let thresholdByWords = "A threshold is for a watch by meaning; choose Meaning, or leave the threshold empty."

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
        case PapersError.thresholdOutOfRange(let value):
            return "The threshold must be a cosine above 0 and at most 1, such as 0.45; got \(value)."
        case PapersError.watchExists(let name):
            return
                "A watch named \(Quote.quoted(name)) exists already; give this one another name, or remove that one first."
        case PapersError.badWatchName(let name):
            return name.isEmpty
                ? "A watch's name cannot be blank; give a word or two, or leave the name empty to use the query."
                : "The name \(Quote.quoted(name)) holds a control character; give plain text."
        case PapersError.watchCategory(_, let category, saved: false):
            return
                "\(Quote.quoted(category)) is not an arXiv category; name categories as arXiv does, such as cs.LG or hep-th."
        case PapersError.modelMissing, PapersError.modelDamaged:
            return
                "Watches by meaning need the embedding model, and this server has none it can use; add a watch by words, or ask whoever runs the server to install the model."
        case let error as StorageError where error.cause == .missing:
            return "The library is empty; import papers with the papers command first."
        default: return WebSite.sentence(ErrorWording.reporter.message(for: failure))
        }
    }

}
