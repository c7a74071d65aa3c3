import Core
import Foundation
import TestSupport
import Testing

/// Seeded, bounded mutations of a recorded feed through the built `papers import`: each variant
/// is imported or refused with one line and exit 78, quickly, leaving the library as it was
/// after a refusal and never reading a file the feed points at.
@Suite("papers import on mutated feeds")
struct FeedMutationTests {
    static let variantsPerKind = 12

    @Test("every variant is imported or refused with one line and exit 78; a refusal changes nothing")
    func mutatedFeeds() throws {
        let papers = BinaryRunner(product: "papers")
        let directory = try TemporaryDirectory()
        let original = try FixtureFiles.data("arxiv", "legacy2016-au-del_maestro-10-of-31.xml")
        let secret = "strata-secret-\(UUID().uuidString)"
        let secretFile = directory.path("secret.txt")
        try Data(secret.utf8).write(to: secretFile)
        let mutator = FeedMutator(original: original, secretFile: secretFile.path, random: .seeded(2026))
        let library = directory.path("library.sqlite").path
        let seed = try papers.run([
            "import", FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml").path, "--db", library,
        ])
        try #require(seed.status == 0, "\(seed.stderr)")
        var baseline = try stats(papers, library)
        var (imported, refused) = (0, 0)

        for kind in FeedMutator.Kind.allCases {
            for index in 0..<Self.variantsPerKind {
                let variant = directory.path("variant.xml")
                try mutator.variant(kind, index).write(to: variant)
                let result = try papers.run(["import", variant.path, "--db", library], timeout: 60)
                let label = "\(kind) #\(index)"
                #expect(
                    !result.stdout.contains(secret) && !result.stderr.contains(secret), "\(label) read the secret file")
                if result.status == 0 {
                    imported += 1
                    baseline = try stats(papers, library)
                } else {
                    refused += 1
                    #expect(result.status == 78, "\(label): exit \(result.status): \(result.stderr.prefix(300))")
                    #expect(
                        result.stderr.hasPrefix("papers: error: ") && result.stderr.split(separator: "\n").count == 1,
                        "\(label): \(result.stderr.prefix(300))")
                    #expect(
                        result.stderr.utf8.count < 1_000,
                        "\(label): the error line is \(result.stderr.utf8.count) bytes")
                    #expect(try stats(papers, library) == baseline, "\(label) changed the library")
                }
            }
        }
        let search = try papers.run(["library", "search", secret, "--format", "plain", "--db", library])
        #expect(search.stdout.isEmpty, "the secret file's text reached the library")
        #expect(imported > 0 && refused > 0, "imported \(imported), refused \(refused)")
    }

    private func stats(_ papers: BinaryRunner, _ library: String) throws -> String {
        let result = try papers.run(["library", "stats", "--format", "json", "--db", library])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }
}

/// Makes the variants: each kind is a way feeds go wrong or are made to hurt a parser.
struct FeedMutator {
    enum Kind: CaseIterable {
        case truncated, flippedBytes, invalidUTF8, byteOrderMark, utf16, billionLaughs, externalEntity
        case externalDTD, deepNesting, hugeText, hugeAttribute, manyAttributes
    }

    let original: Data
    let secretFile: String
    let random: RandomSource

    func variant(_ kind: Kind, _ index: Int) -> Data {
        let bytes = [UInt8](original)
        let text = String(decoding: original, as: UTF8.self)
        let body = text.range(of: "<feed").map { String(text[$0.lowerBound...]) } ?? text
        let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"#
        switch kind {
        case .truncated:
            return Data(bytes.prefix(random.int(in: 0..<bytes.count)))
        case .flippedBytes:
            var copy = bytes
            for _ in 0...random.int(in: 0..<8) {
                copy[random.int(in: 0..<copy.count)] ^= UInt8(truncatingIfNeeded: random.int(in: 1..<256))
            }
            return Data(copy)
        case .invalidUTF8:
            var copy = bytes
            let bad: [[UInt8]] = [[0xFF], [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x90, 0x80], [0xC0, 0xAF]]
            copy.insert(contentsOf: bad[index % bad.count], at: random.int(in: 0..<copy.count))
            return Data(copy)
        case .byteOrderMark:
            return Data([0xEF, 0xBB, 0xBF] + (index.isMultiple(of: 2) ? bytes : bytes + [0xEF, 0xBB, 0xBF]))
        case .utf16:
            let utf16 = declaration.replacingOccurrences(of: "UTF-8", with: "UTF-16") + "\n" + body
            let encoding: String.Encoding = index.isMultiple(of: 2) ? .utf16LittleEndian : .utf16BigEndian
            let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            return Data(bom) + (utf16.data(using: encoding) ?? Data())
        case .billionLaughs:
            var entities = #"<!ENTITY lol0 "lol">"#
            for level in 1...(10 + index % 5) {
                let previous = String(repeating: "&lol\(level - 1);", count: 10)
                entities += #"<!ENTITY lol\#(level) "\#(previous)">"#
            }
            let top = "&lol\(10 + index % 5);"
            return Data((declaration + "<!DOCTYPE feed [\(entities)]>" + insertIntoTitle(body, top)).utf8)
        case .externalEntity:
            let reference = index.isMultiple(of: 2) ? "file://\(secretFile)" : secretFile
            return Data(
                (declaration + #"<!DOCTYPE feed [<!ENTITY secret SYSTEM "\#(reference)">]>"#
                    + insertIntoTitle(body, "&secret;")).utf8)
        case .externalDTD:
            let dtd = secretFile.replacingOccurrences(of: "secret.txt", with: "secret.dtd")
            try? Data(#"<!ENTITY secret SYSTEM "file://\#(secretFile)">"#.utf8).write(to: URL(fileURLWithPath: dtd))
            return Data((declaration + #"<!DOCTYPE feed SYSTEM "\#(dtd)">"# + insertIntoTitle(body, "&secret;")).utf8)
        case .deepNesting:
            let depth = 1_000 * (index + 1)
            let nested = String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
            return Data(insertIntoTitle(text, nested).utf8)
        case .hugeText:
            let size = (index + 1) * 500_000
            return Data(insertIntoTitle(text, String(repeating: "long ", count: size / 5)).utf8)
        case .hugeAttribute:
            let value = String(repeating: "a", count: 100_000 * (index + 1))
            return Data(text.replacingOccurrences(of: "<link ", with: #"<link data-x="\#(value)" "#).utf8)
        case .manyAttributes:
            // The last one is the libxml2 2.9 stall: its duplicate check is quadratic in the count.
            let count = index == FeedMutationTests.variantsPerKind - 1 ? 300_000 : 5_000 * (index + 1)
            let attributes = (0..<count).map { #"a\#($0)="""# }.joined(separator: " ")
            return Data(text.replacingOccurrences(of: "<entry>", with: "<entry \(attributes)>").utf8)
        }
    }

    /// `text` with `insertion` placed inside the first entry's title.
    private func insertIntoTitle(_ text: String, _ insertion: String) -> String {
        guard
            let title = text.range(of: "<entry>").flatMap({
                text.range(of: "<title>", range: $0.upperBound..<text.endIndex)
            })
        else { return text + insertion }
        return text.replacingCharacters(in: title, with: "<title>" + insertion)
    }
}
