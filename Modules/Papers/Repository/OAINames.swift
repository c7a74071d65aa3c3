import CLibXML2

/// The names the OAI-PMH reader looks for, interned in one parser's dictionary.
struct OAINames {
    var oai, arXivRaw, arXiv: UnsafePointer<xmlChar>?
    var root, record, header, metadata, identifier, datestamp, responseDate, resumptionToken,
        error: UnsafePointer<xmlChar>?
    var set, setSpec, setName, status, code, version: UnsafePointer<xmlChar>?
    var id, title, abstract, authors, author, keyname, forenames, suffix, affiliation: UnsafePointer<xmlChar>?
    var categories, comments, journalRef, doi, license, date, size, created, updated: UnsafePointer<xmlChar>?

    init() {}

    init(dictionary: xmlDictPtr?) {
        let intern = NameDictionary(dictionary: dictionary).intern
        oai = intern("http://www.openarchives.org/OAI/2.0/")
        arXivRaw = intern("http://arxiv.org/OAI/arXivRaw/")
        arXiv = intern("http://arxiv.org/OAI/arXiv/")
        root = intern("OAI-PMH")
        record = intern("record")
        header = intern("header")
        metadata = intern("metadata")
        identifier = intern("identifier")
        datestamp = intern("datestamp")
        responseDate = intern("responseDate")
        resumptionToken = intern("resumptionToken")
        error = intern("error")
        set = intern("set")
        setSpec = intern("setSpec")
        setName = intern("setName")
        status = intern("status")
        code = intern("code")
        version = intern("version")
        id = intern("id")
        title = intern("title")
        abstract = intern("abstract")
        authors = intern("authors")
        author = intern("author")
        keyname = intern("keyname")
        forenames = intern("forenames")
        suffix = intern("suffix")
        affiliation = intern("affiliation")
        categories = intern("categories")
        comments = intern("comments")
        journalRef = intern("journal-ref")
        doi = intern("doi")
        license = intern("license")
        date = intern("date")
        size = intern("size")
        created = intern("created")
        updated = intern("updated")
    }
}
