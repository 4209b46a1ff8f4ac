#if canImport(Darwin)
    import Darwin

    /// Flushing a file's data to the disk, as Darwin does it.
    enum DataSync {
        /// `F_FULLFSYNC`: Darwin's `fsync` leaves data in the drive's cache, so a durable write
        /// asks for a full flush (falling back to `fsync` where the file system refuses it).
        static func flush(_ descriptor: Int32) -> Int32 {
            fcntl(descriptor, F_FULLFSYNC) == 0 ? 0 : fsync(descriptor)
        }
    }
#endif
