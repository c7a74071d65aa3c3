import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// Seeded mutations of this repository's strata.yml: each loads or fails as one configuration
/// error with a line, and none crashes, hangs or expands without bound.
@Suite("strata.yml loading on mutated files")
struct RulesMutationTests {
    static let root = Monorepo.root

    enum Kind: CaseIterable {
        case truncated, flippedBytes, invalidUTF8, byteOrderMark, deepFlowNesting, deepBlockNesting
        case hugeValue, aliasBomb, duplicateKey, tabs
    }

    @Test("every variant loads or is one configuration error with a line", arguments: Kind.allCases)
    func mutated(kind: Kind) throws {
        let original = try Data(contentsOf: Self.root.appendingPathComponent("strata.yml"))
        let random = SeededRandom(seed: 2026 &+ UInt64(Kind.allCases.firstIndex(of: kind) ?? 0))
        for index in 0..<25 {
            let variant = Self.variant(kind, index, of: [UInt8](original), random)
            do {
                _ = try RulesParser.parse(String(decoding: variant, as: UTF8.self), file: "strata.yml")
            } catch let error as ConfigError {
                #expect(error.line != nil, "\(kind) #\(index): \(error)")
                #expect(!error.description.contains("\n"), "\(kind) #\(index): \(error.description.prefix(300))")
                #expect(
                    error.description.utf8.count < 1_000, "\(kind) #\(index): \(error.description.utf8.count) bytes")
            }
        }
    }

    @Test("a duplicate key is reported at its second line, in one line")
    func duplicateKeyLine() throws {
        let text = "layers:\n  - name: core\n    targets: [Core]\n    may_use: []\n    targets: [Other]\n"
        let error = #expect(throws: ConfigError.self) { try RulesParser.parse(text, file: "strata.yml") }
        #expect(error?.line == 5)
        #expect(error?.description == "strata.yml:5:5: error: the key 'targets' appears twice in one mapping; keep one")
    }

    static func variant(_ kind: Kind, _ index: Int, of bytes: [UInt8], _ random: SeededRandom) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        switch kind {
        case .truncated:
            return Array(bytes.prefix(random.int(in: 0..<bytes.count)))
        case .flippedBytes:
            var copy = bytes
            for _ in 0...random.int(in: 0..<8) {
                copy[random.int(in: 0..<copy.count)] ^= UInt8(random.int(in: 1..<256))
            }
            return copy
        case .invalidUTF8:
            var copy = bytes
            copy.insert(contentsOf: [0xFF, 0xC3, 0x28], at: random.int(in: 0..<copy.count))
            return copy
        case .byteOrderMark:
            return [0xEF, 0xBB, 0xBF] + bytes
        case .deepFlowNesting:
            let depth = 500 * (index + 1)
            return Array(
                (text + "\nextra: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        case .deepBlockNesting:
            let depth = 40 * (index + 1)
            let nested = (0..<depth).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
            return Array((text + "\n" + nested + " x\n").utf8)
        case .hugeValue:
            let value = String(repeating: "x", count: 200_000 * (index + 1))
            return Array(text.replacingOccurrences(of: "name: core", with: "name: \(value)").utf8)
        case .aliasBomb:
            var bomb = "a0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
            for level in 1...(8 + index % 6) {
                bomb +=
                    "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
                    + "]\n"
            }
            let top = "*a\(8 + index % 6)"
            return Array((bomb + text.replacingOccurrences(of: "may_use: [core]", with: "may_use: \(top)")).utf8)
        case .duplicateKey:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let at = random.int(in: 0..<lines.count)
            return Array((lines[...at] + [lines[at]] + lines[(at + 1)...]).joined(separator: "\n").utf8)
        case .tabs:
            return Array(text.replacingOccurrences(of: "  ", with: "\t").utf8)
        }
    }
}

/// SplitMix64: the same mutations every run, so a failure reproduces.
final class SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `range`.
    func int(in range: Range<Int>) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return range.lowerBound + Int(value % UInt64(range.count))
    }
}
