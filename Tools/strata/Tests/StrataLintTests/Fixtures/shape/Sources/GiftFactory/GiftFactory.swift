// swift-format-ignore-file
import GiftEntity

// struct GiftFactory {}
/* public enum GiftFactory { case live } */
let declaration = "struct GiftFactory {}"
let multiline = """
    class GiftFactory {}
    """
#if false
struct GiftFactory {}
#endif

public class GiftFeature {
    class func make() -> GiftFeature { GiftFeature() }
}
