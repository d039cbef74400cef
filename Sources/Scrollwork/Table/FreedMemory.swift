#if canImport(Glibc)
import Glibc
#endif

/// Memory the allocator holds after it was freed, handed back to the system.
///
/// Keys read in pieces on several threads leave their freed pieces in glibc's per-thread
/// arenas, where nothing larger (the sort's packed words, allocated apart) can reuse them: a
/// sort of ten million rows by two keys peaked 60 MB higher for it. Other C libraries return
/// large blocks on their own, so this does nothing there.
enum FreedMemory {
    /// Rows below which a sort's pieces are too small to be worth a trim.
    static var worthwhileRows: Int { 1 << 20 }

    /// Returns what the allocator's arenas hold free to the system.
    static func giveBack() {
        #if canImport(Glibc)
        // Looked up, not declared: Swift's Glibc module leaves <malloc.h> out, and a C library
        // without it (musl) has nothing to call. Safe: the symbol is glibc's `malloc_trim`, whose
        // C type, `int malloc_trim(size_t)`, is the one it is cast to.
        guard let symbol = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let trim = unsafe unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }
}
