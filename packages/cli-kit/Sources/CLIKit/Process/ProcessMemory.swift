import Foundation

/// Memory figures of this process, for benchmarks: the resident set now and its peak.
///
/// Linux reads `/proc/self/status` (`VmRSS`, `VmHWM`) and can reset the peak between phases;
/// Darwin reports the resident size and the lifetime peak (`getrusage`), with no reset.
public enum ProcessMemory {
    /// The resident set size now, in bytes; `nil` where the platform does not tell.
    public static var resident: Int? { PlatformMemory.resident }

    /// The peak resident set size since start (or the last ``resetPeak()``), in bytes.
    public static var peak: Int? { PlatformMemory.peak }

    /// Resets the peak to the current size, so one phase's own peak can be measured.
    ///
    /// - Returns: whether the platform could reset it (Linux only).
    @discardableResult
    public static func resetPeak() -> Bool { PlatformMemory.resetPeak() }

    /// Bytes as `12.3 MiB`, or `n/a`.
    public static func format(_ bytes: Int?) -> String {
        guard let bytes else { return "n/a" }
        return String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
