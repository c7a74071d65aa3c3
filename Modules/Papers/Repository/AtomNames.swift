import CLibXML2

/// The names the Atom reader looks for, interned in one parser's dictionary (`NameDictionary`).
struct AtomNames {
    var atom, arxiv, opensearch: UnsafePointer<xmlChar>?
    var feed, entry, id, title, summary, published, updated, author, name, link, category: UnsafePointer<xmlChar>?
    var primaryCategory, comment, journalRef, doi, affiliation: UnsafePointer<xmlChar>?
    var totalResults, startIndex, itemsPerPage: UnsafePointer<xmlChar>?
    var href, term: UnsafePointer<xmlChar>?

    /// No names yet: nothing matches until the parser's dictionary is known.
    init() {}

    init(dictionary: xmlDictPtr?) {
        let intern = NameDictionary(dictionary: dictionary).intern
        atom = intern("http://www.w3.org/2005/Atom")
        arxiv = intern("http://arxiv.org/schemas/atom")
        opensearch = intern("http://a9.com/-/spec/opensearch/1.1/")
        feed = intern("feed")
        entry = intern("entry")
        id = intern("id")
        title = intern("title")
        summary = intern("summary")
        published = intern("published")
        updated = intern("updated")
        author = intern("author")
        name = intern("name")
        link = intern("link")
        category = intern("category")
        primaryCategory = intern("primary_category")
        comment = intern("comment")
        journalRef = intern("journal_ref")
        doi = intern("doi")
        affiliation = intern("affiliation")
        totalResults = intern("totalResults")
        startIndex = intern("startIndex")
        itemsPerPage = intern("itemsPerPage")
        href = intern("href")
        term = intern("term")
    }
}
