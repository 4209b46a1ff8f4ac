#if canImport(Darwin)
    import Darwin

    /// `getrusage` (the peak, in bytes on Darwin) and `task_info` (the resident size now).
    enum PlatformMemory {
        static var resident: Int? {
            var info = mach_task_basic_info()
            var count = mach_msg_type_number_t(
                MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
            let status = withUnsafeMutablePointer(to: &info) { pointer in
                pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
                }
            }
            return status == KERN_SUCCESS ? Int(info.resident_size) : nil
        }

        static var peak: Int? {
            var usage = rusage()
            return getrusage(RUSAGE_SELF, &usage) == 0 ? Int(usage.ru_maxrss) : nil
        }

        static func resetPeak() -> Bool { false }
    }
#endif
