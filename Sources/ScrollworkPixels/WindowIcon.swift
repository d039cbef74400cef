#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CSDL2

/// The window's icon, which window managers show in task switchers and docks: a blue rounded
/// square holding three rows of a list and a scroll indicator beside them, drawn in code so that
/// no image file has to ship with the program.
enum WindowIcon {
    /// The icon `size` pixels square (clamped to 16…512) as premultiplied ARGB, row by row.
    static func pixels(size: Int) -> [UInt32] {
        let n = Swift.min(Swift.max(size, 16), 512)
        let s = Double(n) / 64
        let radius = 14 * s
        var pixels = [UInt32](repeating: 0, count: n * n)
        /// How much of pixel (x, y) the rounded square covers, 0…1, by its distance to the corner arc.
        func coverage(_ x: Int, _ y: Int) -> Double {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let cx = Swift.min(Swift.max(px, radius), Double(n) - radius), cy = Swift.min(Swift.max(py, radius), Double(n) - radius)
            let d = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
            return Swift.min(Swift.max(radius - d + 0.5, 0), 1)
        }
        /// True inside the rectangle `x`, `y`, `w`, `h` in 64ths of the icon.
        func inside(_ x: Int, _ y: Int, _ rx: Double, _ ry: Double, _ w: Double, _ h: Double) -> Bool {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            return px >= rx * s && px < (rx + w) * s && py >= ry * s && py < (ry + h) * s
        }
        for y in 0..<n {
            for x in 0..<n {
                let a = coverage(x, y)
                guard a > 0 else { continue }
                // System blue, and white for the rows and the indicator.
                var (r, g, b) = (0.0, 122.0, 255.0)
                let rows = [14.0, 28, 42].contains { inside(x, y, 12, $0, 30, 7) }
                if rows || inside(x, y, 48, 12, 4, 22) { (r, g, b) = (255, 255, 255) }
                func byte(_ v: Double) -> UInt32 { UInt32((v * a).rounded()) }
                pixels[y * n + x] = byte(255) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
            }
        }
        return pixels
    }

    /// Gives `window` the icon.
    static func set(on window: OpaquePointer) {
        let size = 64
        var pixels = pixels(size: size)
        // Safe: the surface is made over the array's `size × size × 4` bytes, lent for the call,
        // and freed before the call returns; SDL copies the icon it is given.
        unsafe pixels.withUnsafeMutableBytes { bytes in
            guard let surface = unsafe SDL_CreateRGBSurfaceWithFormatFrom(bytes.baseAddress, Int32(size), Int32(size), 32, Int32(size * 4),
                                                                   SDL_PIXELFORMAT_ARGB8888.rawValue) else { return }
            defer { unsafe SDL_FreeSurface(surface) }
            unsafe SDL_SetWindowIcon(window, surface)
        }
    }
}
#endif
