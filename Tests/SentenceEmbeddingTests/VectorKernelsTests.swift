import Foundation
import Testing

@testable import SentenceEmbedding

/// The vectorised exp and erf stay within the accuracy the reference comparison relies on.
struct VectorKernelsTests {
    @Test func expIsWithinFourUlpsOverTheSoftmaxRange() {
        var worst: Float = 0
        for step in 0..<10_000 {
            let x = -87 + Float(step) * 0.0175
            let value = VectorKernels.exp(SIMD8(repeating: x))[0]
            let exact = Float(Foundation.exp(Double(x)))
            worst = max(worst, abs(value - exact) / exact)
        }
        #expect(worst < 4 * Float.ulpOfOne)
    }

    @Test func erfIsWithinOneMillionth() {
        var worst: Float = 0
        for step in 0..<20_000 {
            let x = -6 + Float(step) * 0.0006
            let value = VectorKernels.erf(SIMD8(repeating: x))[0]
            worst = max(worst, abs(value - Float(Foundation.erf(Double(x)))))
        }
        #expect(worst < 1e-6)
    }

    @Test func softmaxSumsToOne() {
        var row: [Float] = (0..<13).map { Float($0) * 0.7 - 3 }
        row.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress {
                VectorKernels.softmax(base, count: buffer.count)
            }
        }
        #expect(abs(row.reduce(0, +) - 1) < 1e-6)
        #expect(row == row.sorted())
    }

    @Test func halfPrecisionConversion() {
        #expect(SafetensorsFile.floatFromHalf(0x3C00) == 1)
        #expect(SafetensorsFile.floatFromHalf(0xC000) == -2)
        #expect(SafetensorsFile.floatFromHalf(0x7BFF) == 65504)
        #expect(SafetensorsFile.floatFromHalf(0x7C00) == .infinity)
        #expect(SafetensorsFile.floatFromHalf(0x8000) == 0)
    }
}
