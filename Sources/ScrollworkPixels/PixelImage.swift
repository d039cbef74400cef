#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CPangoCairo
#if canImport(Glibc)
import Glibc
#endif

/// An image in memory, 32-bit premultiplied ARGB, that a ``PixelCanvas`` draws on: what a
/// snapshot writes as PNG and a window shows.
@safe public final class PixelImage {
    // Safe to hold: the surface is Cairo's, made in `init` and destroyed in `deinit`; its pixels
    // are read and written only inside `height × stride` bytes, its own size.
    /// The Cairo surface.
    let surface: OpaquePointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// The largest side an image may have, in pixels.
    public static let maximumSide = 16_384

    /// A transparent image of `width` × `height` pixels; throws ``PixelError/imageSize(width:height:)``
    /// for a side outside 1…``maximumSide``.
    public init(width: Int, height: Int) throws(PixelError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
              // Safe: Cairo's surface, owned by this image from here to `deinit`.
              let surface = unsafe cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              unsafe cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw .imageSize(width: width, height: height) }
        unsafe self.surface = unsafe surface
        self.width = width
        self.height = height
    }

    /// An image over pixels it does not own (a window's own, `SDL_GetWindowSurface`'s), `stride`
    /// bytes a row in Cairo's ARGB32 layout; nil when the size or stride is not one Cairo
    /// draws on. The memory must outlive the image: the window's surface does, as it is made
    /// anew with the surface after every resize.
    init?(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
              stride == Self.stride(forWidth: width),
              let surface = unsafe cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)),
              unsafe cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        unsafe self.surface = unsafe surface
        self.width = width
        self.height = height
    }

    /// The bytes a row of `width` pixels takes in Cairo's ARGB32 (0 outside 1…``maximumSide``).
    static func stride(forWidth width: Int) -> Int {
        (1...maximumSide).contains(width) ? Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) : 0
    }

    /// Reads a PNG file.
    public init(png path: String) throws(PixelError) {
        // Safe: the path is a C string lent for the call; the read surface is copied into one this
        // image owns and destroyed, and Cairo's status text is copied at once.
        guard let surface = unsafe cairo_image_surface_create_from_png(path) else { throw .pngRead(path: path, reason: "no memory") }
        let status = unsafe cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = unsafe String(cString: cairo_status_to_string(status))
            unsafe cairo_surface_destroy(surface)
            throw .pngRead(path: path, reason: reason)
        }
        // Loaded images may be RGB24; draw them onto ARGB32 so pixels read the same way.
        let w = unsafe Int(cairo_image_surface_get_width(surface)), h = unsafe Int(cairo_image_surface_get_height(surface))
        guard let copy = unsafe cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
            unsafe cairo_surface_destroy(surface)
            throw .pngRead(path: path, reason: "no memory")
        }
        let cr = unsafe cairo_create(copy)
        unsafe cairo_set_source_surface(cr, surface, 0, 0)
        unsafe cairo_paint(cr)
        unsafe cairo_destroy(cr)
        unsafe cairo_surface_destroy(surface)
        unsafe self.surface = unsafe copy
        width = w
        height = h
    }

    deinit { unsafe cairo_surface_destroy(surface) }

    /// The pixel at `x`, `y` (un-premultiplied); transparent black outside the image.
    public func pixel(x: Int, y: Int) -> PixelColor {
        // Safe: the pixel is checked to lie inside the image, so its four bytes lie inside `height
        // × stride`.
        guard x >= 0, x < width, y >= 0, y < height, let data = unsafe cairo_image_surface_get_data(surface) else {
            return PixelColor(red: 0, green: 0, blue: 0, alpha: 0)
        }
        unsafe cairo_surface_flush(surface)
        let stride = unsafe Int(cairo_image_surface_get_stride(surface))
        let word = unsafe (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { unsafe $0.pointee }
        let a = Double(word >> 24 & 0xFF) / 255
        guard a > 0 else { return PixelColor(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ shift: UInt32) -> Double { Double(word >> shift & 0xFF) / 255 / a }
        return PixelColor(red: channel(16), green: channel(8), blue: channel(0), alpha: a)
    }

    /// Writes the image as a PNG file.
    public func writePNG(to path: String) throws(PixelError) {
        unsafe cairo_surface_flush(surface)
        let status = unsafe cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw unsafe .pngWrite(path: path, reason: String(cString: cairo_status_to_string(status))) }
    }

    /// The image as PNG bytes.
    public func pngData() throws(PixelError) -> [UInt8] {
        unsafe cairo_surface_flush(surface)
        var bytes: [UInt8] = []
        // Safe: the array is lent to Cairo's writer for the call only, and each piece it hands over
        // is copied in with its own length.
        let status = unsafe withUnsafeMutablePointer(to: &bytes) { pointer in
            unsafe cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure = unsafe closure, let data = unsafe data else { return CAIRO_STATUS_WRITE_ERROR }
                let out = unsafe closure.assumingMemoryBound(to: [UInt8].self)
                unsafe out.pointee.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, unsafe pointer)
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw unsafe .pngWrite(path: "(memory)", reason: String(cString: cairo_status_to_string(status))) }
        return bytes
    }

    /// The largest difference of any channel (alpha included, 0…255) between this image and
    /// `other`, and how many pixels differ by more than `tolerance`; images of different sizes
    /// differ everywhere.
    public func difference(from other: PixelImage, tolerance: Int = 0) -> (largest: Int, pixels: Int) {
        // Safe: both images are checked to be the same size, so row `y < height` and pixel `x <
        // width` lie inside both.
        guard width == other.width, height == other.height,
              let a = unsafe cairo_image_surface_get_data(surface), let b = unsafe cairo_image_surface_get_data(other.surface)
        else { return (255, Swift.max(width * height, other.width * other.height)) }
        unsafe cairo_surface_flush(surface)
        unsafe cairo_surface_flush(other.surface)
        let strideA = unsafe Int(cairo_image_surface_get_stride(surface)), strideB = unsafe Int(cairo_image_surface_get_stride(other.surface))
        var largest = 0, pixels = 0
        for y in 0..<height {
            // Most rows are the same: compared a word at a time first.
            if unsafe memcmp(a + y * strideA, b + y * strideB, width * 4) == 0 { continue }
            for x in 0..<width {
                var worst = 0
                for c in 0..<4 { worst = unsafe Swift.max(worst, abs(Int(a[y * strideA + x * 4 + c]) - Int(b[y * strideB + x * 4 + c]))) }
                largest = Swift.max(largest, worst)
                if worst > tolerance { pixels += 1 }
            }
        }
        return (largest, pixels)
    }
}

extension PixelImage {
    /// How many pixels differ from `words`, 32-bit XRGB pixels a row after another (as an X
    /// server reads a window back), in all and by more than `tolerance` levels (0…255) in a
    /// channel; alpha is not compared. Words missing at the end count as differing.
    func difference(fromXRGB words: [UInt32], tolerance: Int) -> (all: Int, beyondTolerance: Int) {
        var all = 0, beyond = 0
        unsafe withPixels { data, stride in
            for y in 0..<height {
                // Safe: a row holds `width` words from `data + y * stride`, y < height, and the
                // surface's stride is at least 4 × width.
                let row = unsafe (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let a = unsafe row[x], i = y * width + x
                    let b = i < words.count ? words[i] : ~a
                    guard a & 0xFF_FFFF != b & 0xFF_FFFF else { continue }
                    all += 1
                    if [0, 8, 16].contains(where: { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) > tolerance }) { beyond += 1 }
                }
            }
        }
        return (all, beyond)
    }

    /// Moves the pixels `move` says: each row of its area takes what the row `move.distance`
    /// further down held, a scroll's pixels kept instead of drawn again. The area is cut to the
    /// rows whose source is inside the image.
    func move(_ move: FrameDamage.Move) {
        let area = move.area
        guard area.minX.isFinite, area.minY.isFinite, area.maxX.isFinite, area.maxY.isFinite,
              move.distance > -height, move.distance < height else { return }
        let x0 = Int(area.minX.clamped(to: 0...Double(width))), x1 = Int(area.maxX.clamped(to: 0...Double(width)))
        let y0 = Int(area.minY.clamped(to: 0...Double(height))), y1 = Int(area.maxY.clamped(to: 0...Double(height)))
        let top = Swift.max(y0, -move.distance), bottom = Swift.min(y1, height - move.distance)
        guard x1 > x0, bottom > top, move.distance != 0, let data = unsafe cairo_image_surface_get_data(surface) else { return }
        unsafe cairo_surface_flush(surface)
        let stride = unsafe Int(cairo_image_surface_get_stride(surface))
        // Rows are copied in the order that never reads a row already written.
        let rows = move.distance > 0 ? Array(top..<bottom) : Array((top..<bottom).reversed())
        for y in rows {
            // Safe: y and y + distance lie in 0..<height and x0..<x1 in 0..<width (the clamps
            // above), so both runs of (x1 - x0) words are inside the surface's memory.
            unsafe memmove(data + y * stride + x0 * 4, data + (y + move.distance) * stride + x0 * 4, (x1 - x0) * 4)
        }
        unsafe cairo_surface_mark_dirty(surface)
    }

    /// Calls `body` with the image's pixel memory (premultiplied ARGB, native byte order, the
    /// layout of SDL's ARGB8888) and its stride in bytes.
    func withPixels(_ body: (UnsafeRawPointer, Int) -> Void) {
        // Safe: the surface's memory is lent to `body` for its call only, with Cairo's stride.
        unsafe cairo_surface_flush(surface)
        guard let data = unsafe cairo_image_surface_get_data(surface) else { return }
        unsafe body(UnsafeRawPointer(data), Int(cairo_image_surface_get_stride(surface)))
    }
}
#endif
