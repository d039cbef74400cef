#if Window
// The pixel host, built with the Window trait.
import Testing
@testable import ScrollworkPixels

/// The window's icon, drawn in code.
@Suite struct WindowIconTests {
    @Test("the icon is a blue rounded square with white rows: its corners clear, its edge blue, a row white; any size is clamped")
    func drawn() {
        let n = 64
        let icon = WindowIcon.pixels(size: n)
        #expect(icon.count == n * n)
        #expect(icon[0] == 0 && icon[n - 1] == 0 && icon[n * n - 1] == 0, "the corners are clear")
        #expect(icon[32 * n + 4] == 0xFF00_7AFF, "system blue inside the edge")
        #expect(icon[17 * n + 20] == 0xFFFF_FFFF, "a row of the list, white")
        #expect(icon[20 * n + 50] == 0xFFFF_FFFF, "the scroll indicator, white")
        for size in [Int.min, -1, 0, 15] { #expect(WindowIcon.pixels(size: size).count == 16 * 16) }
        #expect(WindowIcon.pixels(size: Int.max).count == 512 * 512)
    }
}
#endif
