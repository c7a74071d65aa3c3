import Testing

@testable import VectorStore

@Suite struct Int8CodesTests {
    @Test func codesTimesScaleRecoverTheVector() {
        var generator = SeededGenerator(state: 3)
        for _ in 0..<50 {
            let vector = unitVector(384, using: &generator)
            let (codes, scale) = Int8Codes.encode(vector)
            let largest = vector.map(abs).max() ?? 0
            #expect(abs(scale - largest / 127) <= 1e-7)
            // Rounding to the nearest code: each component within half a step.
            for (code, value) in zip(codes, vector) {
                #expect(abs(Float(code) * scale - value) <= scale / 2 + 1e-7)
            }
            #expect(codes.contains { abs($0) == 127 })
        }
    }

    @Test(arguments: [[0, 0, 0], [1, .nan, 0], [.infinity, 0, 0]] as [[Float]])
    func unusableVectorsScoreZero(vector: [Float]) {
        let (codes, scale) = Int8Codes.encode(vector)
        #expect(scale == 0)
        #expect(codes == [0, 0, 0])
    }
}
