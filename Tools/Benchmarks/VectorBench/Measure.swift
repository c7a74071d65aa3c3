import Foundation

/// Timing and process-statistics helpers for the benchmark's report.
enum Measure {
    /// Seconds `body` takes, with its result.
    static func seconds<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The value at fraction `q` of sorted `values` (nearest rank).
    static func percentile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.up)) - 1)]
    }

    /// A field of /proc/self/status in MiB (VmHWM, RssAnon, RssFile).
    static func status(_ field: String) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? .nan
            return kilobytes / 1024
        }
        return .nan
    }

    /// Writes a report line straight to standard output, so a run redirected to a file shows progress.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The 1, 5 and 15 minute load averages, to judge how shared the machine was during a run.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Milliseconds, two decimals.
    static func ms(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1000)
    }
}
