import Core

/// Dollars and cents from integer cents, written the same in every locale: `$4.50`, `$1,234.00`, `-$0.75`.
///
/// Integer arithmetic for the cents; the dollars are grouped by the shared `DisplayFormat`, never
/// the user's locale.
public enum Money {
    /// `cents` as dollars with two decimals and comma thousands separators.
    public static func format(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let remainder = magnitude % 100
        return "\(sign)$\(DisplayFormat.grouped(Int(magnitude / 100))).\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
