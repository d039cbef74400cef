#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CSDL2
import Scrollwork
import ScrollworkWidgets

/// The window's pixels: an image the canvas draws on and the way it reaches the display, made
/// anew when the window changes size.
///
/// A frame is drawn only where it differs from the one before (``IncrementalCanvas``), and
/// only what changed is handed to the display. A frame that changes nothing draws and sends
/// nothing.
package final class WindowSurface {
    /// How frames reach the display.
    @safe package enum Output {
        // Safe to hold: a renderer its ``WindowDisplay`` owns and keeps while it is open.
        /// A renderer's texture, which the GPU draws into the window: the areas that changed
        /// are copied into it, and it is drawn and presented whole (a GPU's copy costs little).
        case texture(renderer: OpaquePointer)
        /// The window's own pixels (X11's shared-memory image), where OpenGL would run on the
        /// CPU: the canvas draws straight into them and only the areas that changed are sent.
        case windowPixels
    }

    @safe private enum Target {
        // Safe to hold: the texture is made and destroyed by this surface; the renderer and
        // window belong to `owner`, which the surface keeps.
        case texture(renderer: OpaquePointer, texture: OpaquePointer)
        case windowPixels(window: OpaquePointer)
    }

    private let target: Target
    /// What owns the window and renderer drawn through (its ``WindowDisplay``), kept while
    /// this surface is: the texture goes before the renderer that made it.
    private let owner: AnyObject?
    /// The canvas, drawing each frame where it changed.
    let drawing: IncrementalCanvas
    /// The canvas drawn on.
    var canvas: PixelCanvas { drawing.canvas }
    /// Pixels per point.
    let scale: Double
    /// Window units (SDL's mouse positions) a point: the scale asked for, as the window was
    /// made that much larger.
    package let pointScale: Double
    let metrics: CellMetrics
    /// The cells the app is laid out in.
    package var columns: Int { canvas.cells.columns }
    /// The cells the app is laid out in.
    package var rows: Int { canvas.cells.rows }
    /// Set when the display lost the window's pixels (the window was uncovered): the next
    /// frame is sent whole.
    package var needsWholeUpload = true
    /// Every frame drawn and sent whole, as the window did before it tracked what changed: the
    /// benchmark's baseline.
    package var drawsWhole: Bool {
        get { drawing.drawsWhole }
        set { drawing.drawsWhole = newValue }
    }

    /// The cells a window of `metrics` lays its app out in when its text is `textScale` times
    /// as large: text the desktop sets larger makes the cells larger with it (whole points), so
    /// that the lines of chrome (a title bar, a status line, a pane's heading), a table's rows
    /// and the pager's columns grow with their text instead of cutting it.
    static func cells(_ metrics: CellMetrics, textScale: Double) -> CellMetrics {
        var scaled = metrics
        scaled.cellWidth = (metrics.cellWidth * textScale).rounded()
        scaled.cellHeight = (metrics.cellHeight * textScale).rounded()
        return scaled
    }

    /// The surface of `window` as it is now, shown through `output`; throws
    /// ``PixelError/window(reason:)`` when SDL cannot make it (for `.windowPixels`, when the
    /// window's pixels are not 32-bit XRGB that Cairo can draw on: ask for a renderer then).
    package init(window: OpaquePointer, output: Output, requestedScale: Double?, metrics: CellMetrics, style: PixelStyle,
                 owner: AnyObject? = nil) throws(PixelError) {
        self.owner = owner
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        // Safe: the window and renderer are the display's, open while this surface lives (it keeps
        // `owner`); the calls fill the locals they are lent.
        unsafe SDL_GetWindowSize(window, &w, &h)
        let image: PixelImage
        switch output {
        case let .texture(renderer):
            unsafe SDL_GetRendererOutputSize(renderer, &pw, &ph)
            image = try PixelImage(width: Int(Swift.max(1, pw)), height: Int(Swift.max(1, ph)))
            guard let texture = unsafe SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph) else {
                throw .window(reason: PixelWindow.sdlError())
            }
            target = unsafe .texture(renderer: renderer, texture: texture)
        case .windowPixels:
            guard let surface = unsafe SDL_GetWindowSurface(window) else { throw .window(reason: PixelWindow.sdlError()) }
            guard let wrapped = unsafe Self.image(over: surface) else {
                throw .window(reason: unsafe "the window's pixels are not 32-bit XRGB (\(Self.formatName(surface)))")
            }
            image = wrapped
            pw = Int32(image.width)
            ph = Int32(image.height)
            target = unsafe .windowPixels(window: window)
        }
        let display = w > 0 ? Double(pw) / Double(w) : 1
        // A requested scale multiplies what the display already gives (X11 reports 1).
        scale = (requestedScale ?? 1) * display
        pointScale = requestedScale ?? 1
        let metrics = Self.cells(metrics, textScale: style.textScale)
        self.metrics = metrics
        drawing = IncrementalCanvas(PixelCanvas(image: image, scale: scale, metrics: metrics, style: style))
    }

    deinit {
        if case let .texture(_, texture) = target { unsafe SDL_DestroyTexture(texture) }
    }

    /// True when Cairo can draw on `window`'s own pixels (``Output/windowPixels``).
    static func canDrawOnPixels(of window: OpaquePointer) -> Bool {
        unsafe SDL_GetWindowSurface(window).map(unsafe isCairoLayout) ?? false
    }

    /// True when `surface`'s pixels are laid out as Cairo's ARGB32 (SDL's ARGB8888 or
    /// XRGB8888: a 32-bit word a pixel, red in its third byte, rows as long as Cairo makes them).
    private static func isCairoLayout(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        // Safe: SDL's surface of an open window, read field by field.
        let s = unsafe surface.pointee
        guard let format = unsafe s.format?.pointee, unsafe s.pixels != nil else { return false }
        return unsafe format.BytesPerPixel == 4 && format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00 && format.Bmask == 0x0000_00FF
            && Int(s.pitch) == PixelImage.stride(forWidth: Int(s.w))
    }

    /// An image over `surface`'s pixels when they are laid out as Cairo's (``isCairoLayout(_:)``).
    private static func image(over surface: UnsafeMutablePointer<SDL_Surface>) -> PixelImage? {
        let s = unsafe surface.pointee
        guard unsafe isCairoLayout(surface), let pixels = unsafe s.pixels else { return nil }
        return unsafe PixelImage(wrapping: pixels, width: Int(s.w), height: Int(s.h), stride: Int(s.pitch))
    }

    private static func formatName(_ surface: UnsafeMutablePointer<SDL_Surface>) -> String {
        guard let format = unsafe surface.pointee.format else { return "no format" }
        return unsafe String(cString: SDL_GetPixelFormatName(format.pointee.format))
    }

    /// A widget canvas of the window that keeps the drawings the pixel host draws exactly
    /// and has widgets draw in points (``PixelCanvas/makeCanvas()``).
    package func nextCanvas() -> Canvas { canvas.makeCanvas() }

    /// Hands the pixels `damage` changed to the display (all of them after ``needsWholeUpload``):
    /// into the texture, or to the window's pixels on screen, the moved ones too unless
    /// `movedOnDisplay` (the display moved them itself). Returns how many pixels were sent: none
    /// when nothing changed.
    func upload(_ damage: FrameDamage, movedOnDisplay: Bool = false) -> Int {
        let image = canvas.image
        let areas = needsWholeUpload || drawsWhole ? FrameDamage.whole(width: image.width, height: image.height).areas
            : movedOnDisplay ? damage.areas : damage.changedAreas
        guard !areas.isEmpty else { return 0 }
        needsWholeUpload = false
        switch target {
        case let .texture(_, texture):
            unsafe image.withPixels { data, stride in
                for area in areas {
                    // Safe: every area is whole pixels inside the image (FrameDamage cuts them
                    // to it), so its first pixel is inside the memory SDL reads rows from.
                    var r = SDL_Rect(x: Int32(area.minX), y: Int32(area.minY), w: Int32(area.width), h: Int32(area.height))
                    _ = unsafe SDL_UpdateTexture(texture, &r, data + Int(area.minY) * stride + Int(area.minX) * 4, Int32(stride))
                }
            }
        case let .windowPixels(window):
            let rects = areas.map { SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height)) }
            unsafe image.withPixels { _, _ in
                // A failure (the window's surface no longer valid) is followed by a resize,
                // which draws everything anew.
                _ = unsafe rects.withUnsafeBufferPointer { unsafe SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
            }
        }
        return areas.reduce(0) { $0 + Int($1.width * $1.height) }
    }

    /// Has the display move `move`'s pixels of `window` itself (X11's XCopyArea), as a terminal
    /// moves rows with a scroll region, so that they are not sent again; returns the parts of the
    /// area it could not move (their source off screen or under another window), which are sent
    /// instead, or nil when it moved nothing (not X11): then the whole area is sent.
    private static func displayMoved(_ move: FrameDamage.Move, in window: OpaquePointer) -> [Rect]? {
        let area = move.area
        // Safe: the C side writes at most the count it is given into the array lent for the call,
        // and says how many.
        var exposed = [scrollwork_rect](repeating: scrollwork_rect(), count: 16)
        let count = unsafe exposed.withUnsafeMutableBufferPointer {
            unsafe scrollwork_x11_move(window, Int32(area.minX), Int32(area.minY), Int32(area.width), Int32(area.height),
                                Int32(clamping: move.distance), $0.baseAddress, Int32($0.count))
        }
        guard count >= 0 else { return nil }
        guard count <= exposed.count else { return [area] }
        return exposed.prefix(Int(count)).compactMap {
            area.intersection(Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)))
        }
    }

    /// How many of the window's pixels the display shows otherwise than as the frame on screen
    /// is drawn whole (their colour, alpha aside), read back from the display: in all, and by
    /// more than `tolerance` levels (0…255) in a channel; nil where they cannot be read (a texture
    /// on a GPU, a display that is not X11's). What a test asks after frames; it draws the frame
    /// whole into the window's image (not sent).
    package func pixelsShownOtherwise(tolerance: Int = 0) -> (all: Int, beyondTolerance: Int)? {
        guard case let .windowPixels(window) = target else { return nil }
        // The image holds the frame only where it was drawn since the display moved pixels.
        drawing.redrawWhole()
        let image = canvas.image
        // Safe: the array holds `width × height` words, what the C side reads back for a window of
        // that size.
        var shown = [UInt32](repeating: 0, count: image.width * image.height)
        let read = unsafe shown.withUnsafeMutableBufferPointer { unsafe scrollwork_x11_read(window, Int32(image.width), Int32(image.height), $0.baseAddress) }
        guard read == 0 else { return nil }
        return image.difference(fromXRGB: shown, tolerance: tolerance)
    }

    /// Shows what was uploaded: the texture drawn into the window and presented (which waits
    /// for the display's refresh when it syncs); nothing more for the window's own pixels,
    /// which the upload already put on screen.
    func present() {
        guard case let .texture(renderer, texture) = target else { return }
        // The texture covers the whole output: nothing to clear first.
        unsafe SDL_RenderCopy(renderer, texture, nil, nil)
        unsafe SDL_RenderPresent(renderer)
    }

    /// How long each part of showing a frame took, in seconds, and the pixels sent.
    package struct ShowTimes {
        /// Comparing with the frame before and drawing.
        package var draw: Double
        /// Handing the pixels to the display.
        package var upload: Double
        /// Presenting.
        package var present: Double
        /// The pixels handed to the display.
        package var pixels: Int
        /// The pixels moved (by the display itself when `movedOnDisplay`), if any.
        package var moved: Rect?
        /// True when the display moved them.
        package var movedOnDisplay: Bool
        /// The areas drawn.
        package var drawn: [Rect]
    }

    /// ``show(_:palette:style:)``, each part timed by `clock` (seconds): what the window's
    /// benchmark measures.
    ///
    /// Where the display can move a scroll's pixels itself (X11), it does so first, and the
    /// window's own image is not moved: the parts the display could not move are drawn with the
    /// rest, and only what was drawn is sent. The image is then the frame only where it was
    /// drawn, so when the display loses the window's pixels, the next frame is drawn whole.
    package func timedShow(_ frame: Canvas, palette: PixelPalette, style: PixelStyle, clock: () -> Double) -> ShowTimes {
        let start = clock()
        if needsWholeUpload && drawing.hasStalePixels { drawing.forget() }
        var damage = drawing.damage(for: frame, palette: palette, style: style)
        let compared = clock()
        var movedOnDisplay = false
        if case let .windowPixels(window) = target, !drawsWhole, !needsWholeUpload, let move = damage.move {
            if let left = unsafe Self.displayMoved(move, in: window) {
                damage.areas = FrameDamage.merged(damage.areas + left)
                movedOnDisplay = true
            } else if drawing.hasStalePixels {
                // Moved in the image from pixels the image does not hold: drawn whole instead.
                drawing.forget()
                damage = drawing.damage(for: frame, palette: palette, style: style)
            }
        }
        let moved = clock()
        drawing.draw(frame, damage: damage, palette: palette, style: style, movesPixels: !movedOnDisplay)
        let drawn = clock()
        let sent = upload(damage, movedOnDisplay: movedOnDisplay)
        let sentAt = clock()
        if sent > 0 { present() }
        let end = clock()
        return ShowTimes(draw: (compared - start) + (drawn - moved), upload: (moved - compared) + (sentAt - drawn), present: end - sentAt, pixels: sent,
                         moved: damage.move?.area, movedOnDisplay: movedOnDisplay, drawn: damage.areas)
    }

    /// Draws `frame` where it changed, sends what changed and shows it; returns false when the
    /// frame changed nothing on screen (nothing was drawn or presented).
    package func show(_ frame: Canvas, palette: PixelPalette, style: PixelStyle) -> Bool {
        timedShow(frame, palette: palette, style: style) { 0 }.pixels > 0
    }
}
#endif
