import Foundation

/// RSS's dates, RFC 822 with a numeric zone: `Thu, 28 Nov 2024 00:00:00 -0500`.
enum RFCDate {
    static func parse(_ text: String) -> Date? {
        let words = text.split(separator: " ")
        guard words.count >= 5, let base = OAIDate.rfc1123(Array(words[0..<5].joined(separator: " ").utf8)) else {
            return nil
        }
        guard words.count > 5, let zone = Int(words[5]), words[5].count == 5 else { return base }
        let offset = (abs(zone) / 100 * 3600 + abs(zone) % 100 * 60) * (zone < 0 ? -1 : 1)
        return base.addingTimeInterval(Double(-offset))
    }
}
