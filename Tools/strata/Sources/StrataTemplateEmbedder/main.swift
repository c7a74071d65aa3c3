import Foundation

// `StrataTemplateEmbedder TEMPLATES OUTPUT`: writes a Swift file holding every file under
// TEMPLATES (the built-in template sets) as base64 text, keyed by its path relative to TEMPLATES.
//
// Run by StrataTemplatesPlugin on every build whose templates changed. Base64 keeps the bytes
// exact (no escaping of quotes, backslashes or `#` in Swift string literals) and compiles fast.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: StrataTemplateEmbedder TEMPLATES OUTPUT\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

/// Every file below `folder`, relative to `root`, following symbolic links: a template file may
/// be a link to the live file it hands out (the Workspace set's Core, Database, TerminalUI,
/// AppSupport and TestSupport are), so the generated package gets the code this repository runs.
func files(below folder: String, root: URL) -> [String] {
    let directory = folder.isEmpty ? root.path : root.appendingPathComponent(folder).path
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return entries.flatMap { entry -> [String] in
        let path = folder.isEmpty ? entry : folder + "/" + entry
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
        else {
            FileHandle.standardError.write(Data("error: \(root.path)/\(path) is a link to nothing\n".utf8))
            exit(74)
        }
        return isDirectory.boolValue ? files(below: path, root: root) : [path]
    }
}
let paths = files(below: "", root: root)

var source = """
    // Generated from StrataScaffold/Templates by StrataTemplateEmbedder at build time; do not edit.

    extension BuiltInTemplates {
        /// Every file of the built-in template sets: its path under Templates/, and its bytes in base64.
        static let archive: [(path: String, base64: String)] = [

    """
for path in paths.sorted() {
    guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
        FileHandle.standardError.write(Data("error: cannot read \(root.path)/\(path)\n".utf8))
        exit(74)
    }
    let quoted = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    source += "        (\"\(quoted)\", \"\(data.base64EncodedString())\"),\n"
}
source += "    ]\n}\n"

do {
    try Data(source.utf8).write(to: output, options: .atomic)
} catch {
    FileHandle.standardError.write(Data("error: cannot write \(output.path): \(error)\n".utf8))
    exit(74)
}
