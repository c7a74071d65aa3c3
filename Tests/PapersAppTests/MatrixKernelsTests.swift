import Foundation
import TestSupport
import Testing

/// papers runs its matrix products on the OpenBLAS kernels the processor can run, even when
/// OpenBLAS does not know the processor's model and falls back to its generic ones.
@Suite("papers on the processor's matrix kernels")
struct MatrixKernelsTests {
    @Test(
        "with AVX2 and FMA the kernels are never the generic Prescott ones, and the restart that chooses them loses nothing"
    )
    func kernels() throws {
        // OpenBLAS names its kernels on standard error as it loads, once per start of the program.
        let result = try BinaryRunner(product: "papers").run(["--version"], environment: ["OPENBLAS_VERBOSE": "2"])
        #expect(result.status == 0 && !result.stdout.isEmpty, "\(result.stderr)")
        let cores = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Core: ") }.map { $0.dropFirst(6) }
        try #require(!cores.isEmpty, "\(result.stderr)")
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? []
        if flags.contains("avx2") && flags.contains("fma") {
            #expect(cores.last != "Prescott", "\(cores)")
        }
        // At most one restart: the kernels it asks for are the ones the second start loads.
        #expect(cores.count <= 2, "\(cores)")
    }

    @Test("papers runs without OpenBLAS's thread pool, whose idle workers would spin beside its own threads")
    func noThreadPool() throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(product: "papers", arguments: ["--db", directory.path("p.sqlite").path])
        // The server answers, so the program that runs is the one its restart started, with its environment.
        let environment = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(server.processIdentifier)/environ"))
        let variables = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        if ProcessInfo.processInfo.activeProcessorCount > 1
            && ProcessInfo.processInfo.environment["OPENBLAS_NUM_THREADS"] == nil
        {
            #expect(variables.contains("OPENBLAS_NUM_THREADS=1"), "\(variables.filter { $0.hasPrefix("OPENBLAS") })")
        }
        _ = server.stop()
    }
}
