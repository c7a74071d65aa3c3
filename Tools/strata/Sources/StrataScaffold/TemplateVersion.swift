import Foundation
import StrataLint

extension TemplateSet {
    /// SHA-256 over `template.json` and every file's path and bytes, in path order.
    public var contentHash: String {
        var data = Data()
        let entries = [(Self.descriptionFile, descriptionData)] + files.map { ("files/\($0)", contents[$0] ?? Data()) }
        for (path, bytes) in entries { data += Data("\(path)\n\(bytes.count)\n".utf8) + bytes }
        return SHA256.hex(data)
    }

    /// The version recorded and shown: strata's version and the content hash for a built-in set, the set's own `version` (if any) and the hash for a package's.
    public var version: String {
        let hash = String(contentHash.prefix(12))
        switch origin {
        case .builtIn: return "\(StrataVersion.current)+\(hash)"
        case .folder: return description.version.map { "\($0)+\(hash)" } ?? hash
        }
    }
}
