import Foundation

/// Memory figures of this process, from `/proc/self/status`.
enum ProcessMemory {
    /// `VmHWM`: the peak resident set size, in bytes.
    static var peak: Int { field("VmHWM") }

    /// `VmRSS`: the resident set size now, in bytes.
    static var resident: Int { field("VmRSS") }

    private static func field(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return (digits.first ?? 0) * 1024
        }
        return 0
    }

    /// `123.4 MiB`.
    static func format(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

/// CPU time this process has used, for throughput per CPU-second (what one dedicated core
/// achieves, whatever else the machine is running).
enum ProcessCPU {
    /// CPU time of the calling thread (a search runs on one thread from start to end).
    static var threadSeconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static var seconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
