import AppSupport
import Core
import PapersEntity

/// The words for every Papers failure: one line each, naming the flag or the command to use.
///
/// The feature's layers throw `PapersError` with data only; this is the one place that knows
/// the `papers` command line.
enum ErrorWording {
    /// Runs every command and reports its failure: `papers: error: <line>` and the kind's exit code.
    static let reporter = ErrorReporter(app: "papers", wording: message(for:))

    /// A watch's category that is not one: at `watch add`, or found in a saved watch by `digest --fetch`.
    static func watchCategory(watch: String, category: String, saved: Bool) -> String {
        let fixed = category.map { "_ ".contains($0) ? "." : $0 }
        let suggestion =
            String(fixed) != category && String(fixed).allSatisfy({ $0.isLetter || $0 == "." || $0 == "-" })
            ? " (did you mean \(Quote.text(String(fixed)))?)" : ""
        guard saved else {
            return
                "\(Quote.quoted(category)) is not an arXiv category\(suggestion); name categories as arXiv does, such as cat:cs.LG in the query or --category hep-th"
        }
        return
            "the watch \(Quote.quoted(watch)) names \(Quote.quoted(category)), which is not an arXiv category\(suggestion), so nothing was fetched; replace the watch: `papers watch remove \(Quote.text(watch))`, then `papers watch add` with a category such as cs.LG"
    }

    /// The line for `error`, or `nil` for errors the shared wording covers.
    static func message(for error: any DomainError) -> String? {
        if let error = error as? StorageError,
            let line = SharedWording.unusable(error, app: "papers", noun: "library")
        {
            return line
        }
        if let error = error as? StorageError, error.cause == .missing {
            return SharedWording.missing(
                error, noun: "library", start: "`papers import FILE` or `papers search WORDS` starts one")
        }
        guard let error = error as? PapersError else { return nil }
        return switch error {
        case .notAnArxivID(let text):
            "\(Quote.quoted(text)) is not an arXiv id; use the new style 2401.12345 or the old style hep-th/9901001, optionally with a version such as v2"
        case .emptyQuery: "the query is empty; give search words or arXiv ids"
        case .emptySearch: "the search is empty; give at least one word"
        case .limitOutOfRange(let limit, let allowed) where allowed.upperBound == Int.max:
            "--limit must be at least \(allowed.lowerBound); got \(limit)"
        case .limitOutOfRange(let limit, let allowed) where allowed.upperBound == PaperQuery.maxResults:
            "--limit must be between \(allowed.lowerBound) and \(allowed.upperBound) (the arXiv API's maximum per query); got \(limit)"
        case .limitOutOfRange(let limit, let allowed):
            "--limit must be between \(allowed.lowerBound) and \(allowed.upperBound); got \(limit)"
        case .unexpectedToken(let token): "unexpected \(Quote.quoted(token)) in the search; check the parentheses"
        case .searchEndsWithOperator: "the search ends with an operator; add a word after it"
        case .unclosedParenthesis: "a '(' in the search is never closed; add ')'"
        case .operatorWithoutOperand(let name): "'\(name)' needs a word on each side"
        case .unclosedQuote: "a quote in the search is never closed; add the closing \""
        case .fieldWithoutWord(let field): "'\(field):' needs a word after it"
        case .unknownField(let name):
            "\(Quote.quoted(name + ":")) is not a field; the fields are ti:, au:, abs:, co:, jr:, cat:, id:, doi: and all:"
        case .fieldNotOnArxiv(let field):
            "arXiv's search has no \(field): field; `papers library search` finds a \(field) in the library"
        case .pageOutOfRange(let page, let pages):
            page < 1
                ? "--page must be at least 1; got \(page)"
                : "page \(DisplayFormat.grouped(page)) is past the last; the results fill \(Headings.plural(pages, "page"))"
        case .notACategory(""): "give at least one category, such as cs.LG, math.AG or hep-th"
        case .notACategory(let category):
            "\(Quote.quoted(category)) is not an arXiv category; "
                + (category.contains(" ")
                    ? "did you mean \(Quote.text(category.replacingOccurrences(of: " ", with: ".")))? " : "")
                + "give categories as separate arguments, such as `papers new cs.LG math.AG hep-th`"
        case .noFilesToImport: "give at least one Atom file to import"
        case .noIDs: "give at least one arXiv id"
        case .offlineSearch:
            "--offline: searching arXiv needs the network; use `papers library search`, or run without --offline"
        case .offlineLookup(let ids):
            "\(Quote.text(ids.joined(separator: ", "))) is not in the library and --offline forbids asking arXiv; run without --offline"
        case .paperNotFound(let id): "arXiv has no paper \(Quote.text(id)); check the id"
        case .notInLibrary(let id): "\(id) is not in the library; run `papers show \(id)` first"
        case .notAFavourite(let id): "\(id) is not in the library, so it is not a favourite; see `papers favorites`"
        case .apiError(let message):
            "the arXiv API reports an error: \(message.isEmpty ? "no message" : Quote.text(message, limit: 300)); check the query or the id"
        case .unexpectedStatus(let status, let request):
            "arXiv answered HTTP \(status) for \(Quote.text(request, limit: 200)); check the query, or try again later"
        case .emptyPage(let start, let total, let attempts):
            "arXiv sent an empty page at result \(start) of \(total), \(attempts) times; the API is misbehaving, try again later or with a smaller --limit"
        case .invalidAPIURL(let url):
            "cannot build a request URL from \(Quote.text(url)); check --api-url or $STRATA_ARXIV_API_URL"
        case .badFeed(let source, let problem): feed(Quote.text(source, limit: 200), problem)
        case .savedErrorResponse(let file, let message):
            "\(Quote.path(file)) is a saved arXiv error response, not papers (\(Quote.text(message))); nothing was imported"
        case .fileNotFound(let path): "no file at \(Quote.path(path)); check the path"
        case .modelMissing(let path):
            "no embedding model: \(Quote.path(path)) does not exist; install all-MiniLM-L6-v2 with `make setup` in a Strata checkout, or pass --model with its folder (or set $\(ModelOption.variable))"
        case .notEmbedded(otherModel: false):
            "the library has no vectors to search by meaning yet; `papers library embed` makes them (once; later runs add new papers)"
        case .notEmbedded(otherModel: true):
            "the library's vectors were made by another version of the embedding model; `papers library embed` makes them again"
        case .vectorsDamaged(let path, let reason):
            "cannot use the library's vectors at \(Quote.path(path)): \(Quote.text(reason, limit: 200)); remove that file and run `papers library embed` to make them again"
        case .thresholdOutOfRange(let value):
            "--threshold must be a cosine above 0 and at most 1, such as 0.5; got \(value)"
        case .modelDamaged(let path, let reason):
            "the embedding model at \(Quote.path(path)) cannot be used: \(Quote.text(reason, limit: 200)); install it again with `make setup`, or pass --model with another folder"
        case .notAVersion(let id, let version):
            "\(id) has no version \(Quote.text(version, limit: 30)); versions count from v1, or leave the version out for the latest"
        case .folderNotFile(let path):
            "\(Quote.path(path)) is a folder, not an Atom file; give the files in it, such as \(Quote.path(path))/*.xml"
        case .fileNotReadable(let path, let reason):
            "cannot read \(Quote.path(path))\(reason.map { ": \($0)" } ?? ""); check the file and its permissions"
        case .libraryDamaged(let fixable, 0):
            "the library has \(Headings.plural(fixable, "problem")) left; `papers doctor --fix` repairs them"
        case .unreadableList(let id, let list):
            "the library's stored \(list) of \(id) cannot be read; `papers doctor` lists every such paper and `papers doctor --fix` clears them, then `papers show \(id)` fetches the paper again"
        case .libraryDamaged(_, _):
            "the library file is damaged; restore a copy, or start a new library and `papers import` your saved feeds again"
        case .oaiError(let code, let message): oai(code, Quote.text(message, limit: 300))
        case .unknownSet(let set, let closest):
            "the OAI-PMH repository has no set \(Quote.quoted(set))"
                + (closest.isEmpty ? "" : "; did you mean \(closest.joined(separator: ", "))?")
                + " Sets are named like math, physics:hep-th or cs:cs:AI; pass one of them to --set"
        case .badArchive(let name, let valid):
            "arXiv has no archive \(Quote.quoted(name))"
                + (valid.isEmpty ? "" : "; the archives are \(valid.joined(separator: ", "))")
                + ". Give categories such as cs.LG, hep-th or math.AG"
        case .offlineAnnouncements:
            "--offline: the day's announcements come from arXiv's feed; run without --offline"
        case .notAnAnnounceType(let text):
            "\(Quote.quoted(text)) is not an announce type; give --type as a comma-separated list of new, cross, replace and replace-cross"
        case .offlineHarvest: "--offline: harvesting arXiv needs the network; run without --offline"
        case .notADate(let text): "\(Quote.quoted(text)) is not a date; give the day as YYYY-MM-DD, such as 2025-03-01"
        case .badQuery(let text, let column, let reason):
            "\(Quote.quoted(text, limit: 200)), column \(column): \(message(for: reason) ?? "the query does not parse")"
        case .watchExists(let name):
            "a watch named \(Quote.quoted(name)) exists already; give another --name, or `papers watch remove \(name)` first"
        case .noSuchWatch(let name, let known):
            "there is no watch named \(Quote.quoted(name))"
                + (known.isEmpty
                    ? "; add one with `papers watch add QUERY`" : "; the watches are \(known.joined(separator: ", "))")
        case .nothingToExport:
            "nothing to export; give arXiv ids, --favorites, --watch NAME or --query WORDS that select papers in the library"
        case .watchCategory(let watch, let category, let saved):
            watchCategory(watch: watch, category: category, saved: saved)
        case .badWatchName(let name):
            name.isEmpty
                ? "a watch's name cannot be empty; give --name a word or two, such as --name helium"
                : "the watch name \(Quote.quoted(name)) holds a line break or another control character; give --name plain text (without it, the name is the query)"
        case .noWatchCategories:
            "--fetch lists the watches' categories, and no watch names one; add one with `papers watch add QUERY --category cs.LG`"
        case .resumptionLoop(let token, let pages):
            "the OAI-PMH repository sent resumption token \(Quote.quoted(token, limit: 100)) again after \(Headings.plural(pages, "page")), so its list goes round and the harvest stopped; what those pages held is saved. Harvest again later: it goes on from that token"
        }
    }

    /// An OAI-PMH error, by its code.
    private static func oai(_ code: String, _ message: String) -> String {
        switch code {
        case "badArgument":
            "the OAI-PMH repository refused the request (\(message)); check --set, and --from: YYYY-MM-DD, not before 2005-09-16 and not in the future"
        case "cannotDisseminateFormat":
            "the OAI-PMH repository cannot send that metadata format (\(message)); pass --metadata-prefix arXivRaw or arXiv"
        case "badResumptionToken":
            "the OAI-PMH repository refused the harvest's resumption token twice (\(message)); run the harvest again later"
        default:
            "the OAI-PMH repository answered with error \(code) (\(message)); check --oai-url"
        }
    }

    /// What is wrong with a snapshot line, in a few words.
    private static func snapshot(_ problem: SnapshotLineProblem) -> String {
        switch problem {
        case .notJSON: "not a JSON object"
        case .missingField(let field): "no \(field)"
        case .wrongType(let path): "\(path) has the wrong type"
        case .notAnArxivID(let id): "id \(Quote.quoted(id)) is not an arXiv id"
        case .unreadableVersion(let label):
            "version \(Quote.quoted(label, limit: 30)) has no readable number (from v1) or date"
        case .repeatedVersion(let label): "version \(Quote.quoted(label)) is listed twice"
        case .noVersions: "no versions"
        case .noAuthors: "no authors"
        }
    }

    /// What each part of an entry is called in a message.
    private static func name(of part: EntryPart) -> String {
        switch part {
        case .id: "arXiv id"
        case .title: "title"
        case .author: "author"
        case .dates: "dates"
        }
    }

    /// What a reader expected, for "is not …".
    private static func name(of format: FeedFormat) -> String {
        switch format {
        case .atom: "an arXiv API feed (Atom)"
        case .oaiPMH: "an OAI-PMH response"
        case .rss: "an arXiv daily feed (RSS)"
        }
    }

    /// What a document with this root is, when it is one people mistake for another.
    private static func foreign(root: String, namespace: String?) -> String? {
        switch (root, namespace) {
        case ("html", _), ("HTML", _): "an HTML page, likely an error page"
        case ("feed", "http://www.w3.org/2005/Atom"): "an Atom feed"
        case ("OAI-PMH", _): "an OAI-PMH response"
        case ("rss", _): "an RSS feed"
        default: nil
        }
    }

    /// Where to look: the option that gave the address, or the file; a saved feed of another
    /// kind goes to `papers import`, which tells the kinds apart.
    private static func advice(_ source: String, _ expected: FeedFormat, root: String? = nil) -> String {
        let isAddress = source.hasPrefix("http://") || source.hasPrefix("https://")
        guard isAddress else { return "give a feed papers reads (`papers help import` lists them)" }
        let option =
            switch expected {
            case .atom: "--api-url"
            case .oaiPMH: "--oai-url"
            case .rss: "--rss-url"
            }
        let saved = root == "feed" || root == "OAI-PMH" ? "; save it and `papers import` it if it is what you want" : ""
        return "check the address, or \(option)\(saved)"
    }

    private static func feed(_ source: String, _ problem: FeedProblem) -> String {
        switch problem {
        case .empty: "\(source) is empty (or only blank lines), so it holds no papers; check the address or the file"
        case .notXML(.gzip, let expected):
            "\(source) is gzip-compressed, not \(name(of: expected)); unpack it first (gunzip) and give the XML"
        case .notXML(.zip, let expected):
            "\(source) is a zip archive, not \(name(of: expected)); unzip it and give the XML files in it"
        case .notXML(.json, let expected):
            "\(source) is JSON, not \(name(of: expected)); \(advice(source, expected))"
        case .notXML(nil, let expected):
            "\(source) is not XML (it does not start with '<'), so not \(name(of: expected)); \(advice(source, expected))"
        case .unreadable: "\(source) could not be read as XML; check the address or the file"
        case .noElements: "\(source) has no XML elements, so it holds no papers; check the address or the file"
        case .notWellFormed(let detail):
            "\(source) is not well-formed XML (truncated or damaged)\(detail.map { ": \(Quote.text($0))" } ?? ""); nothing was saved, fetch or export it again"
        case .wrongRoot(let root, let namespace, let expected):
            "\(source) is not \(name(of: expected)): "
                + (foreign(root: root, namespace: namespace).map { "it is \($0)" }
                    ?? "its root element is <\(Quote.text(root))>"
                    + (namespace.map { " in namespace \(Quote.text($0))" } ?? ""))
                + "; \(advice(source, expected, root: root))"
        case .malformedDate(let entry, let text):
            "\(source): entry \(entry) has a malformed date \(Quote.quoted(text)); the feed is damaged"
        case .invalidVersion(let entry, let line, let id, let version):
            "\(source): entry \(entry) (line \(line), \(id)) has version \(Quote.text(version, limit: 30)), which no paper has (versions count from v1, each listed once); the feed is damaged, nothing was saved"
        case .incompleteEntry(let entry, let line, .id, let found):
            "\(source): entry \(entry) (line \(line)) has no arXiv id (got \(Quote.quoted(found))); the feed is damaged, nothing was saved"
        case .incompleteEntry(let entry, let line, let part, let id):
            "\(source): entry \(entry) (line \(line), \(id)) has no \(name(of: part)); the feed is damaged, nothing was saved"
        case .unsupportedMetadata(let record, let line, let namespace):
            "\(source): record \(record) (line \(line)) is in a metadata format papers cannot read"
                + (namespace.map { " (\(Quote.text($0)))" } ?? "")
                + "; harvest or export it with metadataPrefix arXivRaw or arXiv"
        case .damagedCompression(let detail):
            "\(source) is gzip-compressed but damaged or cut short (\(Quote.text(detail))); nothing was saved, fetch or copy it again"
        case .badSnapshotLine(let line, let problem):
            "\(source): line \(line) is not a snapshot record (\(snapshot(problem))); nothing was saved, fix or remove that line"
        case .unknownAnnounceType(let entry, let line, let type):
            "\(source): item \(entry) (line \(line)) has announce type \(Quote.quoted(type)), not new, cross, replace or replace-cross; the feed is damaged or newer than papers"
        case .startTagTooLong(let line, let limit):
            "\(source): the start tag on line \(line) is longer than \(limit / 1024) KiB, which no Atom feed needs; nothing was saved, the file is damaged or not a feed"
        }
    }
}
