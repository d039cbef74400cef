import ScrollworkWidgets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C library calls whose constants differ between the platforms, spelled once here so that
// no other file names the platform's module or depends on its headers' macros (`write` and
// `read` are ScrollworkWidgets' `systemWrite` and `systemRead`; signals are handled in C).

/// The terminal's size in cells through `ioctl(TIOCGWINSZ)`, or nil when it cannot tell.
func systemWindowSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
    var w = winsize()
    #if canImport(Glibc)
    let request = UInt(TIOCGWINSZ)
    #else
    // Darwin's TIOCGWINSZ is a function-like macro Swift does not import: _IOR('t', 104, winsize).
    let request: UInt = 0x4008_7468
    #endif
    // Safe: the call fills the local size it is lent.
    guard unsafe ioctl(fd, request, &w) == 0, w.ws_col > 0, w.ws_row > 0 else { return nil }
    return (Int(w.ws_col), Int(w.ws_row))
}
