import Foundation

/// Fixtures/reference.json, written by Tools/Scripts/embedding/reference.py.
struct ReferenceFixture: Decodable {
    struct Case: Decodable {
        let text: String
        let ids: [Int32]
        let embedding: [Float]
    }

    let model: String
    let maxSequenceLength: Int
    let cases: [Case]

    static func load() throws -> ReferenceFixture {
        let data = try Data(contentsOf: FixtureFolder.url.appendingPathComponent("reference.json"))
        return try JSONDecoder().decode(ReferenceFixture.self, from: data)
    }
}
