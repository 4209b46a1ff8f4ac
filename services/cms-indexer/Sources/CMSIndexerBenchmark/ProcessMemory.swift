import Foundation

/// Resident memory of this process, read from `/proc/self/status` (Linux).
enum ProcessMemory {
    /// Current resident set size, in bytes (`VmRSS`).
    static var resident: Int? { field("VmRSS") }

    /// Peak resident set size since start or the last ``resetPeak()``, in bytes (`VmHWM`).
    static var peak: Int? { field("VmHWM") }

    /// Resets the peak to the current size, so a phase's own peak can be measured
    /// (`/proc/self/clear_refs`, value 5).
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("\(name):") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
    }

    /// Bytes as `12.3 MiB`.
    static func format(_ bytes: Int?) -> String {
        guard let bytes else { return "n/a" }
        return String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
