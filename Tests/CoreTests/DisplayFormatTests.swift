import Core
import Foundation
import Testing

@Suite("Counts and dates as features show them")
struct DisplayFormatTests {
    @Test(
        "counts get a comma every three digits, negative ones too",
        arguments: [
            (0, "0"), (999, "999"), (1000, "1,000"), (214_881, "214,881"), (-1234, "-1,234"),
            (1_234_567, "1,234,567"), (Int.min, "-9,223,372,036,854,775,808"),
        ])
    func grouped(value: Int, expected: String) {
        #expect(DisplayFormat.grouped(value) == expected)
    }

    @Test("dates are the UTC day and minute, zero-padded")
    func dates() {
        let late = Date(timeIntervalSince1970: 1_704_067_199.9)  // 2023-12-31 23:59:59.9 UTC
        #expect(DisplayFormat.day(late) == "2023-12-31")
        #expect(DisplayFormat.minute(late) == "2023-12-31 23:59")
        let early = Date(timeIntervalSince1970: 1_328_054_460)  // 2012-02-01 00:01 UTC
        #expect(DisplayFormat.day(early) == "2012-02-01")
        #expect(DisplayFormat.minute(early) == "2012-02-01 00:01")
        #expect(DisplayFormat.day(Date(timeIntervalSince1970: -1)) == "1969-12-31")
    }
}
