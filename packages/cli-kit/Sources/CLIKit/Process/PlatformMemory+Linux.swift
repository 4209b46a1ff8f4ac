#if os(Linux)
    import Foundation

    /// `/proc/self/status` and `/proc/self/clear_refs`.
    enum PlatformMemory {
        static var resident: Int? { field("VmRSS") }
        static var peak: Int? { field("VmHWM") }

        static func resetPeak() -> Bool {
            guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
            defer { try? handle.close() }
            return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        }

        private static func field(_ name: String) -> Int? {
            guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
                return nil
            }
            for line in text.split(separator: "\n") where line.hasPrefix("\(name):") {
                return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
            }
            return nil
        }
    }
#endif
