import Foundation

/// Element-wise and row-wise kernels of the encoder, written over `SIMD8<Float>` so that
/// exp and erf (billions of calls per thousand abstracts) stay vectorised.
enum VectorKernels {
    typealias Vector = SIMD8<Float>

    /// e^x to about 2 ulp: x = n·ln2 + r, a degree-6 polynomial for e^r, 2^n put in the exponent bits.
    @inline(__always)
    static func exp(_ x: Vector) -> Vector {
        let clamped = x.replacing(with: -87.3, where: x .< -87.3).replacing(with: 88.3, where: x .> 88.3)
        // Adding 1.5·2^23 rounds to the nearest integer and leaves that integer in the low mantissa
        // bits; the generic SIMD rounding and Int32 conversions are far slower.
        let roundingShift: Float = 12_582_912
        let shifted = clamped * 1.442_695_040_888_963_4 + roundingShift
        let n = shifted - roundingShift
        // ln 2 split in two so that n·ln2 is subtracted without rounding error.
        var r = clamped - n * 0.693_359_375
        r = r + n * 2.121_944_400_546_905_8e-4
        var p = Vector(repeating: 1.987_569_150_0e-4)
        p = p * r + 1.398_199_950_7e-3
        p = p * r + 8.333_451_907_3e-3
        p = p * r + 4.166_579_589_4e-2
        p = p * r + 1.666_666_545_9e-1
        p = p * r + 5.000_000_120_1e-1
        p = p * r * r + r + 1
        let integer = unsafeBitCast(shifted, to: SIMD8<Int32>.self) &- 0x4B40_0000
        let exponentBits = (integer &+ 127) &<< 23
        return p * unsafeBitCast(exponentBits, to: Vector.self)
    }

    /// erf(x) to 5e-7 absolute: Eigen's rational approximation, odd numerator over even denominator on [-4, 4].
    @inline(__always)
    static func erf(_ x: Vector) -> Vector {
        let x = x.replacing(with: -4, where: x .< -4).replacing(with: 4, where: x .> 4)
        let x2 = x * x
        var p = x2 * -2.726_142_258_013_06e-10 + 2.770_681_424_959_02e-08
        p = p * x2 - 2.101_024_020_825_08e-06
        p = p * x2 - 5.692_506_394_623_46e-05
        p = p * x2 - 7.349_906_303_268_55e-04
        p = p * x2 - 2.954_599_808_540_25e-03
        p = p * x2 - 1.609_603_332_624_15e-02
        p = p * x
        var q = x2 * -1.456_607_184_649_96e-05 - 2.133_740_552_789_05e-04
        q = q * x2 - 1.682_826_974_382_03e-03
        q = q * x2 - 7.373_329_167_204_68e-03
        q = q * x2 - 1.426_473_905_141_89e-02
        return p / q
    }

    /// GELU in its exact erf form, 0.5·x·(1 + erf(x/√2)), applied to `x + bias` row by row, in place.
    static func biasGELU(_ values: UnsafeMutablePointer<Float>, rows: Int, columns: Int, bias: UnsafePointer<Float>) {
        let vectorColumns = columns - columns % Vector.scalarCount
        for row in 0..<rows {
            let line = values + row * columns
            var column = 0
            while column < vectorColumns {
                let x = load(line + column) + load(bias + column)
                store(0.5 * x * (1 + erf(x * 0.707_106_781_186_547_5)), to: line + column)
                column += Vector.scalarCount
            }
            while column < columns {
                let x = line[column] + bias[column]
                line[column] = 0.5 * x * (1 + Foundation.erf(x * 0.707_106_781_186_547_5))
                column += 1
            }
        }
    }

    /// Softmax of one row in place.
    static func softmax(_ row: UnsafeMutablePointer<Float>, count: Int) {
        var maximum = -Float.infinity
        for index in 0..<count where row[index] > maximum {
            maximum = row[index]
        }
        let shift = Vector(repeating: maximum)
        var sums = Vector.zero
        var index = 0
        while index + Vector.scalarCount <= count {
            let e = exp(load(row + index) - shift)
            store(e, to: row + index)
            sums += e
            index += Vector.scalarCount
        }
        var sum = sums.sum()
        while index < count {
            let e = Foundation.exp(row[index] - maximum)
            row[index] = e
            sum += e
            index += 1
        }
        let scale = 1 / sum
        for index in 0..<count {
            row[index] *= scale
        }
    }

    /// `output = LayerNorm(input + bias)` for each row, with the mean and variance taken in two passes.
    static func biasLayerNorm(
        _ input: UnsafePointer<Float>, bias: UnsafePointer<Float>?, scale: UnsafePointer<Float>,
        shift: UnsafePointer<Float>, epsilon: Float, rows: Int, columns: Int, output: UnsafeMutablePointer<Float>
    ) {
        let count = Float(columns)
        for row in 0..<rows {
            let source = input + row * columns
            let target = output + row * columns
            var sum: Float = 0
            if let bias {
                for column in 0..<columns {
                    let value = source[column] + bias[column]
                    target[column] = value
                    sum += value
                }
            } else {
                for column in 0..<columns {
                    target[column] = source[column]
                    sum += source[column]
                }
            }
            let mean = sum / count
            var squares: Float = 0
            for column in 0..<columns {
                let centred = target[column] - mean
                squares += centred * centred
            }
            let inverseDeviation = 1 / (squares / count + epsilon).squareRoot()
            for column in 0..<columns {
                target[column] = (target[column] - mean) * inverseDeviation * scale[column] + shift[column]
            }
        }
    }

    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> Vector {
        UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
    }

    @inline(__always)
    static func load(_ pointer: UnsafeMutablePointer<Float>) -> Vector {
        UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
    }

    @inline(__always)
    static func store(_ vector: Vector, to pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: vector, as: Vector.self)
    }
}
