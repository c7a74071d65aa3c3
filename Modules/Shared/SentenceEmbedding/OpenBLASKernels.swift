import COpenBLAS
import Foundation

/// The OpenBLAS kernels a process runs, and better ones when OpenBLAS fell back to its generic
/// kernels on a processor it does not know.
///
/// Debian's OpenBLAS chooses its kernels once, when it is loaded, by the processor's model
/// number. A model newer than the library (Intel's Xeon of model 207 for OpenBLAS 0.3.21) gets the
/// `Prescott` kernels, SSE3 only, and the encoder's matrix products then run at about a third of
/// the speed the processor's AVX-512 gives. OpenBLAS reads `OPENBLAS_CORETYPE` at that moment
/// only, so a program that wants other kernels sets it and starts itself again
/// (`restartWithBetterKernels`), before it does anything else. The same goes for its thread pool:
/// started as the library loads, its idle workers spin for about a tenth of a second of a core,
/// and only `OPENBLAS_NUM_THREADS=1` at load time starts none.
public enum OpenBLASKernels {
    /// The kernels OpenBLAS chose when it was loaded (`Haswell`, `SkylakeX`, `Prescott`, …).
    public static var current: String { String(cString: openblas_get_corename()) }

    /// The core type to ask OpenBLAS for, from the processor's feature `flags`, when `current`
    /// are its generic kernels; nil when its choice stands.
    public static func better(than current: String, flags: Set<String>) -> String? {
        guard current.lowercased() == "prescott" else { return nil }
        if ["avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"].allSatisfy(flags.contains) {
            return "SkylakeX"
        }
        if ["avx2", "fma"].allSatisfy(flags.contains) { return "Haswell" }
        return nil
    }

    /// The feature flags of the first processor in `cpuinfo` (the text of /proc/cpuinfo).
    public static func flags(cpuinfo: String) -> Set<String> {
        guard let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
            let colon = line.firstIndex(of: ":")
        else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }

    /// When OpenBLAS fell back to its generic kernels and the processor has better ones, sets
    /// `OPENBLAS_CORETYPE` to them, and with `singleThreaded` when `OPENBLAS_NUM_THREADS` is unset on
    /// a machine of several cores, sets it to 1; then executes this program again, once, with the same
    /// arguments and process id. Otherwise, or if that fails, returns and the program goes on as it is.
    ///
    /// `singleThreaded` is for a program whose matrix work runs on threads of its own (papers' encoder
    /// runs batches side by side, its vector store scans a block per core): OpenBLAS's pool would only
    /// spin beside them. A variable already set, by a person or by the first start, is left alone.
    public static func restartWithBetterKernels(singleThreaded: Bool = false) {
        let environment = ProcessInfo.processInfo.environment
        var settings: [(name: String, value: String)] = []
        if environment["OPENBLAS_CORETYPE"] == nil,
            let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let core = better(than: current, flags: flags(cpuinfo: cpuinfo))
        {
            settings.append(("OPENBLAS_CORETYPE", core))
        }
        if singleThreaded, environment["OPENBLAS_NUM_THREADS"] == nil, openblas_get_num_threads() > 1 {
            settings.append(("OPENBLAS_NUM_THREADS", "1"))
        }
        // The program's own path, not /proc/self/exe: the process keeps its name (`ps`, `pgrep papers`).
        guard !settings.isEmpty,
            let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        else { return }
        for setting in settings { setenv(setting.name, setting.value, 1) }
        execv(program, CommandLine.unsafeArgv)
        // Still here: the restart failed, and the program works as it is, only slower.
        for setting in settings { unsetenv(setting.name) }
    }
}
