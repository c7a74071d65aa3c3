/// A unified diff (`diff -u` format) between two texts, for `--dry-run` to show manifest changes.
public enum UnifiedDiff {
    fileprivate enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The diff of `old` and `new` with `context` unchanged lines around each change; empty when equal.
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let lines = edits(splitLines(old), splitLines(new))
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        guard let firstChange = changed.first else { return "" }
        // Group changes whose context windows touch into one hunk each.
        var hunks: [ClosedRange<Int>] = []
        var start = max(0, firstChange - context)
        var end = min(lines.count - 1, firstChange + context)
        for index in changed.dropFirst() {
            if index - context <= end + 1 {
                end = min(lines.count - 1, index + context)
            } else {
                hunks.append(start...end)
                start = max(0, index - context)
                end = min(lines.count - 1, index + context)
            }
        }
        hunks.append(start...end)
        var output = ["--- \(oldName)", "+++ \(newName)"]
        for hunk in hunks {
            let before = lines[..<hunk.lowerBound]
            let oldStart = before.filter { $0.isOld }.count + 1
            let newStart = before.filter { $0.isNew }.count + 1
            let body = lines[hunk]
            let oldCount = body.filter { $0.isOld }.count
            let newCount = body.filter { $0.isNew }.count
            output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            output += body.map(\.text)
        }
        return output.joined(separator: "\n") + "\n"
    }

    /// The lines of a text, without the empty one after a final newline.
    private static func splitLines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script by longest common subsequence (files here are a few hundred lines).
    private static func edits(_ old: [String], _ new: [String]) -> [Line] {
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                // Removed lines before added ones, as `diff -u` prints a changed line.
                result.append(.removed(old[i]))
                i += 1
            } else {
                result.append(.added(new[j]))
                j += 1
            }
        }
        return result
    }
}

extension UnifiedDiff.Line {
    fileprivate var isOld: Bool { if case .added = self { false } else { true } }
    fileprivate var isNew: Bool { if case .removed = self { false } else { true } }
    fileprivate var text: String {
        switch self {
        case .same(let line): " " + line
        case .removed(let line): "-" + line
        case .added(let line): "+" + line
        }
    }
}
