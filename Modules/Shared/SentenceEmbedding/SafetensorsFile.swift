import Foundation

/// A memory-mapped safetensors file whose header has been checked against the file's size.
///
/// Layout: an 8-byte little-endian header length, a JSON header mapping tensor names to
/// `dtype`, `shape` and `data_offsets` (relative to the end of the header), then the raw
/// little-endian tensor bytes.
struct SafetensorsFile: Sendable {
    /// Where one tensor lives in the file and what it holds.
    struct Tensor: Sendable, Equatable {
        let elementType: TensorElementType
        let shape: [Int]
        /// Byte range inside the whole file.
        let byteRange: Range<Int>
    }

    /// Headers past this size are not model headers; refusing them bounds the JSON parse.
    static let maximumHeaderLength = 100 << 20

    let file: MappedFile
    let tensors: [String: Tensor]

    init(path: String) throws(SentenceEmbeddingError) {
        try self.init(file: MappedFile(path: path))
    }

    init(file: MappedFile) throws(SentenceEmbeddingError) {
        self.file = file
        self.tensors = try Self.parseHeader(of: file)
    }

    /// The tensor's values as `Float`, after checking that its shape is `expectedShape`.
    func floats(_ name: String, shape expectedShape: [Int]) throws(SentenceEmbeddingError) -> [Float] {
        guard let tensor = tensors[name] else {
            throw damaged("no tensor named \(name)")
        }
        guard tensor.shape == expectedShape else {
            throw damaged("tensor \(name) has shape \(tensor.shape), expected \(expectedShape)")
        }
        let count = tensor.shape.reduce(1, *)
        let source = UnsafeRawBufferPointer(rebasing: file.bytes[tensor.byteRange])
        switch tensor.elementType {
        case .float32:
            return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    let bits = source.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                    buffer[index] = Float(bitPattern: UInt32(littleEndian: bits))
                }
                initialized = count
            }
        case .float16:
            return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    let bits = source.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
                    buffer[index] = Self.floatFromHalf(UInt16(littleEndian: bits))
                }
                initialized = count
            }
        case .bfloat16:
            return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    let bits = source.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
                    buffer[index] = Float(bitPattern: UInt32(UInt16(littleEndian: bits)) << 16)
                }
                initialized = count
            }
        default:
            throw damaged("tensor \(name) holds \(tensor.elementType.rawValue), not floating point")
        }
    }

    private func damaged(_ reason: String) -> SentenceEmbeddingError {
        .damagedModel(path: file.path, reason: reason)
    }

    /// IEEE 754 half to single precision, done by hand because `Float16` is unavailable on some x86 targets.
    static func floatFromHalf(_ half: UInt16) -> Float {
        let sign = UInt32(half >> 15) << 31
        let exponent = UInt32((half >> 10) & 0x1F)
        let mantissa = UInt32(half & 0x3FF)
        if exponent == 0 {
            // Zero or subnormal: value = mantissa * 2^-24.
            let magnitude = Float(mantissa) * 0x1p-24
            return sign == 0 ? magnitude : -magnitude
        }
        if exponent == 0x1F {
            return Float(bitPattern: sign | 0x7F80_0000 | (mantissa << 13))
        }
        return Float(bitPattern: sign | ((exponent + 112) << 23) | (mantissa << 13))
    }

    private static func parseHeader(of file: MappedFile) throws(SentenceEmbeddingError) -> [String: Tensor] {
        let bytes = file.bytes
        func damaged(_ reason: String) -> SentenceEmbeddingError {
            .damagedModel(path: file.path, reason: reason)
        }
        guard bytes.count >= 8 else {
            throw damaged("file of \(bytes.count) bytes is too short for a safetensors header")
        }
        let declaredLength = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        guard declaredLength <= UInt64(maximumHeaderLength), Int(declaredLength) <= bytes.count - 8 else {
            throw damaged("header length \(declaredLength) does not fit in a file of \(bytes.count) bytes")
        }
        let headerLength = Int(declaredLength)
        let dataStart = 8 + headerLength
        let dataLength = bytes.count - dataStart
        let headerData = Data(UnsafeRawBufferPointer(rebasing: bytes[8..<dataStart]))

        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: headerData)
        } catch {
            throw damaged("header is not JSON")
        }
        guard let entries = parsed as? [String: Any] else {
            throw damaged("header is not a JSON object")
        }

        var tensors: [String: Tensor] = [:]
        for (name, value) in entries where name != "__metadata__" {
            guard let entry = value as? [String: Any],
                let typeName = entry["dtype"] as? String,
                let shape = integers(entry["shape"]),
                let offsets = integers(entry["data_offsets"]), offsets.count == 2
            else {
                throw damaged("tensor \(name) lacks a dtype, shape or data_offsets")
            }
            guard let elementType = TensorElementType(rawValue: typeName) else {
                throw damaged("tensor \(name) has unknown dtype \(typeName)")
            }
            guard shape.allSatisfy({ $0 >= 0 }) else {
                throw damaged("tensor \(name) has a negative dimension")
            }
            var elementCount = 1
            for dimension in shape {
                let (product, overflow) = elementCount.multipliedReportingOverflow(by: dimension)
                guard !overflow else { throw damaged("tensor \(name) is too large") }
                elementCount = product
            }
            let (byteCount, overflow) = elementCount.multipliedReportingOverflow(by: elementType.byteCount)
            let begin = offsets[0]
            let end = offsets[1]
            guard !overflow, begin >= 0, begin <= end, end <= dataLength else {
                throw damaged("tensor \(name) points outside the file's \(dataLength) data bytes")
            }
            guard end - begin == byteCount else {
                throw damaged("tensor \(name) has \(end - begin) bytes, its dtype and shape need \(byteCount)")
            }
            tensors[name] = Tensor(
                elementType: elementType, shape: shape, byteRange: (dataStart + begin)..<(dataStart + end))
        }
        return tensors
    }

    /// A JSON array of whole numbers as `[Int]`; `nil` for anything else.
    private static func integers(_ value: Any?) -> [Int]? {
        guard let elements = value as? [Any] else { return nil }
        var result: [Int] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            // JSONSerialization hands numbers over as NSNumber; a fraction or a huge value is no offset.
            guard let number = element as? NSNumber else { return nil }
            let value = number.doubleValue
            guard value.rounded() == value, abs(value) < 0x1p53 else { return nil }
            result.append(number.intValue)
        }
        return result
    }
}
