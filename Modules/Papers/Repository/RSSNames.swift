import CLibXML2

/// The names the RSS reader looks for, interned in one parser's dictionary.
struct RSSNames {
    var arxiv, dc: UnsafePointer<xmlChar>?
    var rss, item, title, description, guid, category, pubDate: UnsafePointer<xmlChar>?
    var announceType, doi, journalRef, rights, creator: UnsafePointer<xmlChar>?

    init() {}

    init(dictionary: xmlDictPtr?) {
        let intern = NameDictionary(dictionary: dictionary).intern
        arxiv = intern("http://arxiv.org/schemas/atom")
        dc = intern("http://purl.org/dc/elements/1.1/")
        rss = intern("rss")
        item = intern("item")
        title = intern("title")
        description = intern("description")
        guid = intern("guid")
        category = intern("category")
        pubDate = intern("pubDate")
        announceType = intern("announce_type")
        doi = intern("DOI")
        journalRef = intern("journal_reference")
        rights = intern("rights")
        creator = intern("creator")
    }
}
