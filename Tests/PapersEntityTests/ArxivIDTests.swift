import Foundation
import PapersEntity
import Testing

@Suite("arXiv ids")
struct ArxivIDTests {
    @Test(
        "new-style ids, with and without a version",
        arguments: [
            ("2401.12345", "2401.12345", nil), ("2401.12345v2", "2401.12345", 2), ("0704.0001", "0704.0001", nil),
            ("arXiv:2401.12345v3", "2401.12345", 3), ("https://arxiv.org/abs/2202.12139v1", "2202.12139", 1),
            ("http://arxiv.org/pdf/2202.12139v1.pdf", "2202.12139", 1), ("  1201.4869 ", "1201.4869", nil),
        ] as [(String, String, Int?)])
    func newStyle(text: String, base: String, version: Int?) throws {
        let id = try #require(ArxivID(parsing: text))
        #expect(id.base == base)
        #expect(id.version == version)
        #expect(!id.isOldStyle)
    }

    @Test(
        "old-style ids, subject classes included",
        arguments: [
            ("hep-th/9901001", "hep-th/9901001", nil), ("hep-th/9901001v2", "hep-th/9901001", 2),
            ("math.GT/0309136", "math.GT/0309136", nil),
            ("http://arxiv.org/abs/cond-mat/0412498v1", "cond-mat/0412498", 1),
        ] as [(String, String, Int?)])
    func oldStyle(text: String, base: String, version: Int?) throws {
        let id = try #require(ArxivID(parsing: text))
        #expect(id.base == base)
        #expect(id.version == version)
        #expect(id.isOldStyle)
        #expect(id.description == (version.map { "\(base)v\($0)" } ?? base))
    }

    @Test(
        "what is not an id is rejected",
        arguments: [
            "abc", "", "2413.12345", "2401.123", "2401.123456", "hep-th/99010", "HEP-TH/9901001", "2401.12345v0",
            "-th/9901001",
        ])
    func rejects(text: String) {
        #expect(ArxivID(parsing: text) == nil)
    }
}
