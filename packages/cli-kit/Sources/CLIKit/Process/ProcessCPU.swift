#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time used, for throughput per CPU-second (what one dedicated core achieves, whatever
/// else the machine is running).
public enum ProcessCPU {
    /// CPU seconds of the calling thread.
    public static var threadSeconds: Double { seconds(of: CLOCK_THREAD_CPUTIME_ID) }

    /// CPU seconds of the whole process (every thread).
    public static var seconds: Double { seconds(of: CLOCK_PROCESS_CPUTIME_ID) }

    private static func seconds(of clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
