/// Dollars and cents from integer cents, written the same in every locale: `$4.50`, `$1,234.00`, `-$0.75`.
///
/// Integer arithmetic only, and no `NumberFormatter`, whose output follows the user's locale.
public enum Money {
    /// `cents` as dollars with two decimals and comma thousands separators.
    public static func format(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let dollars = String(magnitude / 100)
        let remainder = magnitude % 100
        return "\(sign)$\(grouped(dollars)).\(remainder < 10 ? "0" : "")\(remainder)"
    }

    /// Digits with a comma every three places from the right.
    private static func grouped(_ digits: String) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
