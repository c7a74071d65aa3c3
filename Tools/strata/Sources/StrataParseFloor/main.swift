import Foundation
import SwiftParser

// The floor `strata lint --no-cache` is measured against (Tools/Scripts/benches/lint.sh): read and
// parse every Swift file below the folders given, on every core, and nothing else: no manifest,
// no rules, no walk of the tree, no checks. Prints the number of files and the seconds it took.
// Usage: StrataParseFloor <folder>...

/// Every `.swift` file below `folder`, skipping hidden entries (`.build` among them).
func swiftFiles(below folder: URL) -> [String] {
    guard
        let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    return walker.compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".swift") }
}

/// Collects one value per `concurrentPerform` iteration.
final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    func add(_ value: Int) { lock.withLock { total += value } }
    var value: Int { lock.withLock { total } }
}

let folders = CommandLine.arguments.dropFirst().map { URL(fileURLWithPath: $0) }
guard !folders.isEmpty else {
    FileHandle.standardError.write(Data("usage: StrataParseFloor <folder>...\n".utf8))
    exit(64)
}
let start = Date()
let files = folders.flatMap(swiftFiles(below:))
let statements = Counts()
// As strata's scanner does: runs of 16 files per task, spread over the cores.
let chunk = 16
DispatchQueue.concurrentPerform(iterations: (files.count + chunk - 1) / chunk) { task in
    var parsed = 0
    // One buffer per task, read into with POSIX calls, as strata reads: the floor pays no more
    // for reading than strata does.
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    for path in files[(task * chunk)..<min(files.count, (task + 1) * chunk)] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { continue }
        var info = stat()
        if fstat(descriptor, &info) == 0, Int(info.st_size) > buffer.count {
            buffer = [UInt8](repeating: 0, count: Int(info.st_size))
        }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let tree = buffer.withUnsafeBufferPointer {
            Parser.parse(source: UnsafeBufferPointer(rebasing: $0[0..<max(0, count)]))
        }
        // Something of the tree is used, so the parse cannot be optimised away.
        parsed += tree.statements.count
    }
    statements.add(parsed)
}
print(
    "parsed \(files.count) files (\(statements.value) top-level statements) in "
        + String(format: "%.3f", Date().timeIntervalSince(start)) + " s")
