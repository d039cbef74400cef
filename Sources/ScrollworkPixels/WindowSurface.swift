#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CSDL2
import Scrollwork
import ScrollworkWidgets

/// The window's pixels: an image the canvas draws on and the SDL texture it is shown through,
/// made anew when the window changes size.
final class WindowSurface {
    let renderer: OpaquePointer
    let texture: OpaquePointer
    let canvas: PixelCanvas
    /// Pixels per point.
    let scale: Double
    /// Window units (SDL's mouse positions) a point: the scale asked for, as the window was
    /// made that much larger.
    let pointScale: Double
    let metrics: CellMetrics
    /// The cells the app is laid out in.
    var columns: Int { canvas.cells.columns }
    /// The cells the app is laid out in.
    var rows: Int { canvas.cells.rows }

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

    init(window: OpaquePointer, renderer: OpaquePointer, requestedScale: Double?, metrics: CellMetrics, style: PixelStyle) throws(PixelError) {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let display = w > 0 ? Double(pw) / Double(w) : 1
        // A requested scale multiplies what the display already gives (X11 reports 1).
        scale = (requestedScale ?? 1) * display
        pointScale = requestedScale ?? 1
        self.renderer = renderer
        let metrics = Self.cells(metrics, textScale: style.textScale)
        self.metrics = metrics
        let image = try PixelImage(width: Int(Swift.max(1, pw)), height: Int(Swift.max(1, ph)))
        canvas = PixelCanvas(image: image, scale: scale, metrics: metrics, style: style)
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph) else {
            throw .window(reason: PixelWindow.sdlError())
        }
        self.texture = texture
    }

    deinit { SDL_DestroyTexture(texture) }

    /// A widget canvas of the window that keeps the drawings the pixel host draws exactly
    /// and has widgets draw in points (``PixelCanvas/makeCanvas()``).
    func nextCanvas() -> Canvas { canvas.makeCanvas() }

    /// Draws `frame` and returns the image drawn.
    func draw(_ frame: Canvas, palette: PixelPalette, style: PixelStyle) -> PixelImage {
        canvas.palette = palette
        canvas.style = style
        canvas.draw(frame)
        return canvas.image
    }

    /// Shows `image` in the window.
    func present(_ image: PixelImage) {
        image.withPixels { data, stride in _ = SDL_UpdateTexture(texture, nil, data, Int32(stride)) }
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }
}
#endif
