#if canImport(Glibc)
    import CMalloc
#endif

/// Hands the heap's free pages back to the system once recovery is done.
///
/// Recovery holds far more at its peak than after it (a window of decoded records per core,
/// the index images' tables as they are read), and glibc's allocator keeps what is freed
/// inside its arenas, so the process stayed that much larger for as long as it ran: about
/// 10 MiB of the 100,000-asset demo data's 333 MiB. `malloc_trim(0)` returns every whole free
/// page of every arena and moves nothing in use. Elsewhere (Darwin, Musl) it does nothing.
enum FreedMemory {
    static func returnToSystem() {
        #if canImport(Glibc)
            _ = malloc_trim(0)
        #endif
    }
}
