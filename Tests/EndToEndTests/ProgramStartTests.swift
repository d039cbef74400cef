import Foundation
import Testing

/// What the built `scrollwork` asks of the loader at every start: the runtimes it carries inside,
/// so that the first frame does not wait for shared libraries to be found, mapped and relocated.
// A sanitized build (scripts/test-sanitized) links the program with the shared runtime its
// sanitizer needs: what this checks is the released program's linking.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SCROLLWORK_SANITIZE"] == nil, "a sanitized build links the shared runtime"))
struct ProgramStartTests {
    @Test("scrollwork carries Swift's runtime and C++'s library inside it: the loader maps only the C library's parts")
    func loadsNoRuntimeLibraries() throws {
        #if os(Linux)
        let (status, output) = try Tmux.run(["readelf", "--dynamic", Tmux.scrollwork])
        try #require(status == 0, "readelf (binutils, which Swift's linker comes with) could not read \(Tmux.scrollwork): \(output)")
        let needed = output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "a program the loader starts names the C library")
        for library in ["libswiftCore", "libFoundation", "libdispatch", "libstdc++"] {
            #expect(!needed.contains { $0.contains(library) }, "scrollwork loads \(library) at start: \(needed)")
        }
        #endif
    }
}
