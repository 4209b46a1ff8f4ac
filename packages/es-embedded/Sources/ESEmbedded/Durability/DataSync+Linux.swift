#if os(Linux)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// Flushing a file's data to the disk, as Linux does it.
    enum DataSync {
        /// `fdatasync(2)`: the data and the metadata needed to read it back.
        static func flush(_ descriptor: Int32) -> Int32 {
            fdatasync(descriptor)
        }
    }
#endif
