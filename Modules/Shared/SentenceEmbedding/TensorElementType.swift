/// The element types a safetensors header may name; only the floating ones can be read as weights.
enum TensorElementType: String, Sendable {
    case float64 = "F64"
    case float32 = "F32"
    case float16 = "F16"
    case bfloat16 = "BF16"
    case int64 = "I64"
    case int32 = "I32"
    case int16 = "I16"
    case int8 = "I8"
    case uint8 = "U8"
    case bool = "BOOL"

    var byteCount: Int {
        switch self {
        case .float64, .int64: 8
        case .float32, .int32: 4
        case .float16, .bfloat16, .int16: 2
        case .int8, .uint8, .bool: 1
        }
    }
}
