import Testing

@testable import SentenceEmbedding

/// Which kernels to ask OpenBLAS for: only when it fell back to its generic ones, by the
/// processor's feature flags.
struct OpenBLASKernelsTests {
    static let avx512: Set<String> = [
        "sse3", "avx", "avx2", "fma", "avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl",
    ]

    @Test(
        "the generic kernels give way to AVX-512's or AVX2's, as the processor has them; a known processor's choice stands"
    )
    func choice() {
        #expect(OpenBLASKernels.better(than: "Prescott", flags: Self.avx512) == "SkylakeX")
        #expect(OpenBLASKernels.better(than: "Prescott", flags: ["sse3", "avx", "avx2", "fma"]) == "Haswell")
        #expect(OpenBLASKernels.better(than: "Prescott", flags: ["sse3", "avx", "avx512f"]) == nil)
        #expect(OpenBLASKernels.better(than: "Prescott", flags: []) == nil)
        #expect(OpenBLASKernels.better(than: "Haswell", flags: Self.avx512) == nil)
        #expect(OpenBLASKernels.better(than: "SkylakeX", flags: Self.avx512) == nil)
    }

    @Test("the flags are the first processor's, as /proc/cpuinfo lists them")
    func flags() {
        let cpuinfo = """
            processor\t: 0
            model name\t: Intel(R) Xeon(R) Processor
            flags\t\t: fpu sse3 avx2 fma avx512f
            bugs\t\t: spectre_v1

            processor\t: 1
            flags\t\t: fpu
            """
        #expect(OpenBLASKernels.flags(cpuinfo: cpuinfo) == ["fpu", "sse3", "avx2", "fma", "avx512f"])
        #expect(OpenBLASKernels.flags(cpuinfo: "processor\t: 0\n").isEmpty)
    }
}
