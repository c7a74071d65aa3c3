import Core

/// Every failure of the Papers feature, with the data the app needs to word it.
///
/// The cases say what went wrong, never what to type next: the `papers` app names the flag
/// or the command (`ErrorWording`), and the kind gives the exit code.
public enum PapersError: DomainError, Equatable {
    /// Text that is no arXiv id in either scheme.
    case notAnArxivID(String)
    /// A query with neither a search nor ids.
    case emptyQuery
    /// A search with no word in it.
    case emptySearch
    /// A result limit outside what is allowed.
    case limitOutOfRange(Int, allowed: ClosedRange<Int>)
    /// A search token where none belongs, such as a stray `)`; the token as typed.
    case unexpectedToken(String)
    /// A search that ends with `AND`, `OR` or `ANDNOT`.
    case searchEndsWithOperator
    /// A `(` never closed.
    case unclosedParenthesis
    /// An operator without a word on one side.
    case operatorWithoutOperand(String)
    /// A `"` never closed.
    case unclosedQuote
    /// A `field:` prefix with no word after it; the field.
    case fieldWithoutWord(String)
    /// A `name:` prefix that is no field; the name.
    case unknownField(String)
    /// A field arXiv's own search does not have, such as `doi:`; the field.
    case fieldNotOnArxiv(String)
    /// A page of results past the last; the page asked for and how many there are.
    case pageOutOfRange(page: Int, pages: Int)
    /// Text that is not an arXiv category name.
    case notACategory(String)
    /// An import given no files.
    case noFilesToImport
    /// A BibTeX export given no ids.
    case noIDs
    /// A search of arXiv in a run that may not use the network.
    case offlineSearch
    /// Papers the library lacks, in a run that may not ask arXiv for them.
    case offlineLookup([String])
    /// arXiv has no paper with this id.
    case paperNotFound(String)
    /// The library has no paper with this id.
    case notInLibrary(String)
    /// A paper the library lacks, so it cannot be a favourite either.
    case notAFavourite(String)
    /// The API answered with its error feed; its message.
    case apiError(String)
    /// The API answered with an error status and no error feed.
    case unexpectedStatus(Int, request: String)
    /// The API sent an empty page inside a result set, on every attempt.
    case emptyPage(start: Int, total: Int, attempts: Int)
    /// The API endpoint cannot make a request URL.
    case invalidAPIURL(String)
    /// A feed (a file or a response) that is not a well-formed arXiv Atom feed.
    case badFeed(source: String, problem: FeedProblem)
    /// A saved arXiv error response given to import; the file and the API's message.
    case savedErrorResponse(file: String, message: String)
    /// An id given with a version no paper has (`v0`, or too many digits); the id without it and the version.
    case notAVersion(id: String, version: String)
    /// No file at the path.
    case fileNotFound(String)
    /// A folder where a file was expected.
    case folderNotFile(String)
    /// A file that exists but cannot be read; the system's reason, when there is one.
    case fileNotReadable(String, reason: String?)
    /// `papers doctor` left damage in the library: `fixable` problems a fix would repair, and
    /// `unfixable` ones (a damaged file) it cannot.
    case libraryDamaged(fixable: Int, unfixable: Int)
    /// A paper in the library whose stored list (`authors` or `versions`) cannot be read: damage.
    case unreadableList(id: String, list: String)
    /// An OAI-PMH repository answered a harvest with an error other than "no records match":
    /// its code (`badArgument`, `badResumptionToken`, `cannotDisseminateFormat`, …) and message.
    case oaiError(code: String, message: String)
    /// A harvest set the repository does not list; the closest names it does.
    case unknownSet(String, closest: [String])
    /// A date that is not `YYYY-MM-DD`.
    case notADate(String)
    /// A harvest in a run that may not use the network.
    case offlineHarvest
    /// The day's announcements in a run that may not use the network.
    case offlineAnnouncements
    /// An announce type that is not new, cross, replace or replace-cross, as typed.
    case notAnAnnounceType(String)
    /// The daily feed does not know an archive; the archives it named as valid.
    case badArchive(String, valid: [String])
    /// The OAI-PMH repository sent a resumption token it had already sent in this list, after
    /// `pages` pages of it: the list goes round, so following it would never end.
    case resumptionLoop(token: String, pages: Int)
    /// A search that does not parse: the text, the 1-based column of the problem and what it is.
    indirect case badQuery(String, column: Int, reason: PapersError)
    /// A watch of this name exists already.
    case watchExists(String)
    /// The library has no watch of this name; the names it has.
    case noSuchWatch(String, known: [String])
    /// A digest asked to fetch the daily listing, but no watch names a category to list.
    case noWatchCategories
    /// A watch names something that is not an arXiv category (`cat:cs_LG`, `--category 'cs LG'`);
    /// `saved` when the watch is in the library already (found by a digest's fetch), else it is being added.
    case watchCategory(watch: String, category: String, saved: Bool)
    /// A watch's name that is empty (after trimming spaces) or holds a line break or another control character.
    case badWatchName(String)
    /// An export that selects no paper: no ids, and no selection option, or options that match nothing.
    case nothingToExport
    /// The embedding model's folder, or a file it needs, does not exist; the path.
    case modelMissing(path: String)
    /// The embedding model's files exist but do not describe a usable model; the path and why.
    case modelDamaged(path: String, reason: String)
    /// The library has no vectors to search by meaning: none were ever made, or only by another model.
    case notEmbedded(otherModel: Bool)
    /// The file of the library's vectors cannot be used; its path and why.
    case vectorsDamaged(path: String, reason: String)
    /// A meaning watch's threshold is not a cosine above 0 and at most 1; the value given.
    case thresholdOutOfRange(Double)

    /// The kind of each case, which picks the exit code.
    public var kind: ErrorKind {
        switch self {
        case .notAnArxivID, .emptyQuery, .emptySearch, .limitOutOfRange, .unexpectedToken, .searchEndsWithOperator,
            .unclosedParenthesis, .operatorWithoutOperand, .unclosedQuote, .fieldWithoutWord, .unknownField,
            .fieldNotOnArxiv, .pageOutOfRange, .notACategory,
            .noFilesToImport, .noIDs, .offlineSearch, .invalidAPIURL, .folderNotFile, .notAVersion, .unknownSet,
            .notADate, .offlineHarvest, .badArchive, .offlineAnnouncements, .notAnAnnounceType, .badQuery, .watchExists,
            .nothingToExport, .noWatchCategories, .watchCategory, .badWatchName, .thresholdOutOfRange:
            .usage
        case .oaiError(let code, _): ["badArgument", "cannotDisseminateFormat"].contains(code) ? .usage : .remote
        case .offlineLookup, .paperNotFound, .notInLibrary, .notAFavourite, .fileNotFound, .noSuchWatch, .notEmbedded:
            .notFound
        case .apiError, .unexpectedStatus, .emptyPage, .resumptionLoop: .remote
        // A model that is missing or damaged is configuration the app was not given (EX_CONFIG,
        // 78), not a service that is down (69): the fix is an install step or --model, not a retry.
        case .badFeed, .savedErrorResponse, .modelMissing, .modelDamaged: .badData
        case .fileNotReadable, .libraryDamaged, .unreadableList, .vectorsDamaged: .storage
        }
    }
}

/// What is wrong with a line of the metadata snapshot.
public enum SnapshotLineProblem: Error, Sendable, Equatable {
    /// Not a JSON object.
    case notJSON
    /// A field every record has is missing.
    case missingField(String)
    /// A field holds the wrong kind of value (its path).
    case wrongType(String)
    /// The id is no arXiv id.
    case notAnArxivID(String)
    /// A version whose label or date cannot be read (the label).
    case unreadableVersion(String)
    /// A version listed twice (the label).
    case repeatedVersion(String)
    /// No versions at all.
    case noVersions
    /// No authors at all.
    case noAuthors
}

/// The parts an Atom entry must have to be a paper: without one it is damaged, not a paper to keep.
public enum EntryPart: String, Sendable, Equatable, CaseIterable {
    /// An `<id>` holding an arXiv id.
    case id
    /// A `<title>` with words in it.
    case title
    /// At least one `<author>` with a `<name>`.
    case author
    /// `<published>` or `<updated>`.
    case dates
}

/// Formats people give instead of a feed, told apart by their first bytes.
public enum ForeignFormat: String, Sendable, Equatable {
    /// gzip-compressed (`1f 8b`).
    case gzip
    /// A zip archive (`PK`).
    case zip
    /// JSON (`{` or `[`).
    case json
}

/// What is wrong with a feed that cannot be read as papers.
public enum FeedProblem: Sendable, Equatable {
    /// No bytes at all.
    case empty
    /// libxml2 could not start on it.
    case unreadable
    /// No XML element in it.
    case noElements
    /// It does not start like XML (its first byte is not `<`); what it looks like instead, when
    /// known, and what was expected.
    case notXML(looksLike: ForeignFormat?, expected: FeedFormat)
    /// Not well-formed XML (cut short or damaged); libxml2's first error, with its line.
    case notWellFormed(String?)
    /// Well-formed, but its root is not the one `expected` has (an Atom `<feed>`, `<OAI-PMH>`, `<rss>`).
    case wrongRoot(root: String, namespace: String?, expected: FeedFormat)
    /// An entry (1-based) whose date cannot be read.
    case malformedDate(entry: Int, text: String)
    /// An entry whose id has a version no paper has (`v0`, or too many digits); the id without it and the version.
    case invalidVersion(entry: Int, line: Int, id: String, version: String)
    /// An entry (1-based, its `<entry>` tag on `line`) without a part every paper needs; `id` is
    /// its arXiv id, or for a missing id what stood in its place (empty when nothing did).
    case incompleteEntry(entry: Int, line: Int, missing: EntryPart, id: String)
    /// A start tag, beginning on `line`, longer than `limit` bytes: refused before the XML parser sees it.
    case startTagTooLong(line: Int, limit: Int)
    /// An OAI-PMH record (1-based, on `line`) in a metadata format papers cannot read (`oai_dc`);
    /// its namespace, when it has one.
    case unsupportedMetadata(record: Int, line: Int, namespace: String?)
    /// A gzip-compressed file that is damaged or cut short; zlib's words.
    case damagedCompression(String)
    /// A line of a metadata snapshot (JSON lines) that is not a record; the line (1-based) and what is wrong.
    case badSnapshotLine(line: Int, problem: SnapshotLineProblem)
    /// An RSS item (1-based, on `line`) whose `arxiv:announce_type` is none arXiv documents.
    case unknownAnnounceType(entry: Int, line: Int, type: String)
}
