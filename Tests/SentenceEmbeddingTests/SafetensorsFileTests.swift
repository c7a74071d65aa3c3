import Foundation
import Testing

@testable import SentenceEmbedding

/// The safetensors reader accepts well-formed files and turns every damaged one into `damagedModel`.
struct SafetensorsFileTests {
    /// A safetensors file: the header length, the JSON header, then `data`.
    static func file(header: String, data: [UInt8], declaredLength: UInt64? = nil) -> [UInt8] {
        let headerBytes = Array(header.utf8)
        let length = declaredLength ?? UInt64(headerBytes.count)
        return withUnsafeBytes(of: length.littleEndian, Array.init) + headerBytes + data
    }

    static func littleEndianBytes(_ values: [Float]) -> [UInt8] {
        values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
    }

    static let validHeader = """
        {"__metadata__": {"format": "pt"},
         "weight": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]},
         "half": {"dtype": "F16", "shape": [3], "data_offsets": [16, 22]},
         "ids": {"dtype": "I64", "shape": [1], "data_offsets": [22, 30]}}
        """
    static let validData =
        littleEndianBytes([1, -2, 0.5, 3])
        + [0x00, 0x3C, 0x00, 0xC0, 0x01, 0x00]  // F16: 1, -2, smallest subnormal
        + [7, 0, 0, 0, 0, 0, 0, 0]

    private func load(_ bytes: [UInt8]) throws -> SafetensorsFile {
        let folder = try TemporaryFolder()
        return try SafetensorsFile(path: folder.file("model.safetensors", contents: bytes))
    }

    private func expectDamaged(
        _ bytes: [UInt8], mentioning phrase: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            _ = try load(bytes)
        } throws: { error in
            guard case .damagedModel(_, let reason) = error as? SentenceEmbeddingError else { return false }
            return reason.contains(phrase)
        }
    }

    @Test func readsFloat32AndFloat16() throws {
        let file = try load(Self.file(header: Self.validHeader, data: Self.validData))
        #expect(try file.floats("weight", shape: [2, 2]) == [1, -2, 0.5, 3])
        #expect(try file.floats("half", shape: [3]) == [1, -2, 0x1p-24])
        #expect(file.tensors.count == 3)
    }

    @Test func rejectsAWrongShapeOrAMissingTensor() throws {
        let file = try load(Self.file(header: Self.validHeader, data: Self.validData))
        #expect(throws: SentenceEmbeddingError.self) { try file.floats("weight", shape: [4]) }
        #expect(throws: SentenceEmbeddingError.self) { try file.floats("absent", shape: [1]) }
    }

    @Test func rejectsIntegersWhereFloatsAreNeeded() throws {
        let file = try load(Self.file(header: Self.validHeader, data: Self.validData))
        #expect {
            try file.floats("ids", shape: [1])
        } throws: { error in
            guard case .damagedModel(_, let reason) = error as? SentenceEmbeddingError else { return false }
            return reason.contains("not floating point")
        }
    }

    @Test func rejectsAFileShorterThanTheLengthField() {
        expectDamaged([1, 2, 3], mentioning: "too short")
        expectDamaged([], mentioning: "too short")
    }

    @Test func rejectsAHeaderLengthPastTheEnd() {
        expectDamaged(
            Self.file(header: Self.validHeader, data: Self.validData, declaredLength: 1 << 40),
            mentioning: "does not fit")
        expectDamaged(
            Self.file(header: Self.validHeader, data: [], declaredLength: UInt64(Self.validHeader.utf8.count + 1)),
            mentioning: "does not fit")
    }

    @Test func rejectsATruncatedFile() {
        let whole = Self.file(header: Self.validHeader, data: Self.validData)
        expectDamaged(Array(whole.dropLast(3)), mentioning: "points outside")
    }

    @Test func rejectsOffsetsPastTheEnd() {
        let header = #"{"weight": {"dtype": "F32", "shape": [4], "data_offsets": [8, 24]}}"#
        expectDamaged(Self.file(header: header, data: Array(repeating: 0, count: 16)), mentioning: "points outside")
    }

    @Test func rejectsReversedOrNegativeOffsets() {
        let reversed = #"{"weight": {"dtype": "F32", "shape": [0], "data_offsets": [8, 4]}}"#
        expectDamaged(Self.file(header: reversed, data: Array(repeating: 0, count: 16)), mentioning: "points outside")
        let negative = #"{"weight": {"dtype": "F32", "shape": [1], "data_offsets": [-4, 0]}}"#
        expectDamaged(Self.file(header: negative, data: Array(repeating: 0, count: 16)), mentioning: "points outside")
    }

    @Test func rejectsAByteCountThatDisagreesWithDtypeAndShape() {
        let header = #"{"weight": {"dtype": "F32", "shape": [3], "data_offsets": [0, 16]}}"#
        expectDamaged(Self.file(header: header, data: Array(repeating: 0, count: 16)), mentioning: "need 12")
    }

    @Test func rejectsAnUnknownDtype() {
        let header = #"{"weight": {"dtype": "F33", "shape": [4], "data_offsets": [0, 16]}}"#
        expectDamaged(Self.file(header: header, data: Array(repeating: 0, count: 16)), mentioning: "unknown dtype")
    }

    @Test func rejectsAHeaderThatIsNotJSON() {
        expectDamaged(Self.file(header: "not json at all", data: []), mentioning: "not JSON")
        expectDamaged(Self.file(header: "[1, 2]", data: []), mentioning: "not a JSON object")
    }

    @Test func rejectsMalformedEntries() {
        let fractional = #"{"weight": {"dtype": "F32", "shape": [1.5], "data_offsets": [0, 4]}}"#
        expectDamaged(Self.file(header: fractional, data: [0, 0, 0, 0]), mentioning: "lacks")
        let missing = #"{"weight": {"dtype": "F32", "shape": [1]}}"#
        expectDamaged(Self.file(header: missing, data: [0, 0, 0, 0]), mentioning: "lacks")
    }

    @Test func rejectsAShapeWhoseSizeOverflows() {
        let header = #"{"weight": {"dtype": "F32", "shape": [4294967296, 4294967296], "data_offsets": [0, 4]}}"#
        expectDamaged(Self.file(header: header, data: [0, 0, 0, 0]), mentioning: "too large")
    }

    @Test func aMissingFileIsAMissingModel() {
        #expect(throws: SentenceEmbeddingError.missingModel(path: "/nonexistent/model.safetensors")) {
            try SafetensorsFile(path: "/nonexistent/model.safetensors")
        }
    }

    @Test func aFolderIsDamagedNotACrash() {
        #expect(throws: SentenceEmbeddingError.self) {
            try SafetensorsFile(path: FileManager.default.temporaryDirectory.path)
        }
    }
}
