import Foundation
import Testing

/// The docs describe the software for its users and maintainers: no issue numbers, commit
/// hashes or tales of how it was made, and every measured figure in docs/BENCHMARKS.md alone.
@Suite("Docs")
struct DocsTests {
    /// README.md and every doc but BENCHMARKS.md, which keeps the figures with their runs.
    static let docs: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return [root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") && $0 != "BENCHMARKS.md" }.sorted().map {
                folder.appendingPathComponent($0)
            }
    }()

    /// What a doc must not say outside code, by what it would be.
    static let forbidden: [(what: String, pattern: String)] = [
        ("an issue number", #"(?i)\bissues?\s*#?\d+|(?<![\w&#])#\d+\b|\b(PR|pull request)\s*#?\d+"#),
        ("a commit hash", #"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"#),
        (
            "how it was made",
            #"(?i)\bthe issue (asks|says|wants)\b|\bprevious (session|run)'?s?\b|\bprevious [\w ]{0,20}figures\b|\bfirst merge\b|\bother sessions\b|\bwere compiling\b|\bwas ruled out\b|\bwe used to\b|\bnot yet re-?measured\b|\bwent from\b|\bbefore this change\b|\bsince (this|that) change\b|\bthis branch\b|\bin this session\b"#
        ),
        ("the date of a run", #"\b20\d\d-\d\d-\d\d\b"#),
    ]

    /// A measured figure: a rate, a percentile, a ratio, CPU time, a measured time or size, a share.
    static let figures = [
        #"\d[\d,.]*\s?(req/s|events/s|papers/s|MB/s|GB/s|statements/s|GET/s|POST/s|files/s|ops/s)"#,
        #"\b(p50|p95|p99|median|mean|worst)\b[^.;]{0,25}?(?<!\w)\d"#,
        #"(?<![\w.])\d+(\.\d+)?x\b"#,
        #"\d\s?(s|ms) of CPU"#,
        #"\b(takes?|took|costs?|measured|in about|ran in|answers in|peak)\s~?\d[\d,.]*\s?(–\s?\d[\d,.]*\s?)?(ms|µs|ns|s|seconds|minutes|MB|GB|KB)\b"#,
        #"\d+(\.\d+)?\s?%"#,
    ]

    /// Words near a figure that make it a target, a limit or a setting, not a measurement.
    static let settingWords = [
        "<", ">", "≤", "≥", "target", "bar", "at most", "at least", "up to", "within", "deadline", "timeout", "limit",
        "cap", "beside the", "median of", "median wall time of", "worst case", "may stay silent", "in all",
    ]

    @Test("no doc names an issue number or a commit hash, or tells how it was made", arguments: docs)
    func noHistory(_ doc: URL) throws {
        let text = Self.prose(try String(contentsOf: doc, encoding: .utf8))
        for (what, pattern) in Self.forbidden {
            for found in try Self.matches(pattern, in: text) {
                Issue.record("\(doc.lastPathComponent) names \(what): \(Self.context(of: found, in: text))")
            }
        }
    }

    @Test("measured figures live in docs/BENCHMARKS.md; other docs link to it", arguments: docs)
    func figuresInOnePlace(_ doc: URL) throws {
        let text = Self.prose(try String(contentsOf: doc, encoding: .utf8))
        for pattern in Self.figures {
            for found in try Self.matches(pattern, in: text) {
                let near = Self.context(of: found, in: text, before: 40, after: 25).lowercased()
                guard !Self.settingWords.contains(where: near.contains) else { continue }
                Issue.record("\(doc.lastPathComponent) holds a figure: \(Self.context(of: found, in: text))")
            }
        }
    }

    @Test("the rules catch what they are for, and leave code and settings alone")
    func rulesCatch() throws {
        let prose = Self.prose("See `git show 1bc9083` and [run](https://x/issues/12).\n```\n#12 2026-11-24\n```\n")
        for (_, pattern) in Self.forbidden { #expect(try Self.matches(pattern, in: prose).isEmpty, "\(pattern)") }
        #expect(try !Self.matches(Self.forbidden[0].pattern, in: "fixed in issue 39").isEmpty)
        #expect(try !Self.matches(Self.forbidden[1].pattern, in: "as of 55af2ed").isEmpty)
        #expect(try !Self.matches(Self.forbidden[2].pattern, in: "the first merge gave").isEmpty)
        #expect(try !Self.matches(Self.figures[0], in: "29,376 req/s").isEmpty)
        #expect(try !Self.matches(Self.figures[1], in: "p95 38.88 ms").isEmpty)
        #expect(try Self.matches(Self.figures[1], in: "the delay (median and p95). Next").isEmpty)
    }

    /// `text` without fenced code, inline code and link targets: examples and addresses are not prose.
    static func prose(_ text: String) -> String {
        text.replacing(/```[\s\S]*?```/, with: "").replacing(/`[^`\n]*`/, with: "").replacing(
            /\]\([^)]*\)/, with: "]")
    }

    static func matches(_ pattern: String, in text: String) throws -> [NSRange] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map(\.range)
    }

    /// The match with `before` and `after` characters around it, on one line.
    static func context(of range: NSRange, in text: String, before: Int = 30, after: Int = 30) -> String {
        let whole = text as NSString
        let start = max(0, range.location - before)
        let end = min(whole.length, range.location + range.length + after)
        return whole.substring(with: NSRange(location: start, length: end - start)).replacingOccurrences(
            of: "\n", with: " ")
    }
}
