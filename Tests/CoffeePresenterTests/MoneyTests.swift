import CoffeePresenter
import Foundation
import Testing

@Suite("Money")
struct MoneyTests {
    @Test(
        "cents are written as dollars with two decimals",
        arguments: [
            (0, "$0.00"), (5, "$0.05"), (450, "$4.50"), (1_000, "$10.00"), (123_456, "$1,234.56"),
            (100_000_000, "$1,000,000.00"), (-75, "-$0.75"),
        ])
    func format(cents: Int, expected: String) {
        #expect(Money.format(cents: cents) == expected)
    }

    @Test("the text does not depend on the locale, unlike a NumberFormatter")
    func localeIndependent() {
        // A German formatter writes 4,50 $; Money has no locale to follow.
        let german = NumberFormatter()
        german.locale = Locale(identifier: "de_DE")
        german.numberStyle = .currency
        german.currencyCode = "USD"
        #expect(german.string(from: 4.5) != "$4.50")
        #expect(Money.format(cents: 450) == "$4.50")
    }
}
