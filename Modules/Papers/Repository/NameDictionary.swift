import CLibXML2

/// One parser's dictionary of names, where each reader looks up the names it compares.
///
/// libxml2 interns every element, attribute and namespace name of a parse in the parser's
/// dictionary, so a name looked up here is the very pointer the callbacks are handed for it,
/// and comparing two names is comparing two pointers.
struct NameDictionary {
    let dictionary: xmlDictPtr?

    /// `text` as the dictionary's pointer for it (added to the dictionary when new).
    func intern(_ text: String) -> UnsafePointer<xmlChar>? {
        text.withCString { xmlDictLookup(dictionary, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self), -1) }
    }
}
