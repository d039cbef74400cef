#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import Scrollwork
import ScrollworkWidgets

/// A ``PixelCanvas`` that draws each frame only where it differs from the frame it drew last
/// (``FrameDamage``): a scroll is moved by copying its pixels, and only what changed is drawn. The image then holds what drawing the frame whole would: what the
/// window draws through, apart from SDL, so that tests compare it with whole frames.
final class IncrementalCanvas {
    /// The canvas drawn on, and its image.
    let canvas: PixelCanvas
    /// The frame drawn last and its colours and looks: what the next frame is compared with.
    /// Nil draws the next one whole.
    private var shown: (frame: Canvas, palette: PixelPalette, style: PixelStyle)?
    /// Every frame drawn whole, as the window did before it tracked what changed: the
    /// benchmark's baseline.
    var drawsWhole = false

    /// Draws on `canvas`, whose image holds nothing drawn yet.
    init(_ canvas: PixelCanvas) { self.canvas = canvas }

    /// What drawing `frame` in `palette` and `style` changes from the frame drawn last:
    /// everything when there is none, the colours or looks changed, or ``drawsWhole`` is set.
    func damage(for frame: Canvas, palette: PixelPalette, style: PixelStyle) -> FrameDamage {
        let image = canvas.image
        guard !drawsWhole, let shown, shown.palette == palette, shown.style == style else {
            return .whole(width: image.width, height: image.height)
        }
        return .between(shown.frame, frame, scale: canvas.scale, width: image.width, height: image.height)
    }

    /// True when a move was left to the display (``draw(_:damage:palette:style:movesPixels:)``):
    /// the image then holds the frame only where it was drawn, and is not to be shown elsewhere
    /// until it is drawn whole again.
    private(set) var hasStalePixels = false

    /// Forgets the frame drawn last: the next is drawn whole.
    func forget() { shown = nil }

    /// Draws the frame drawn last again, whole: the image is then that frame everywhere.
    func redrawWhole() {
        guard let shown else { return }
        let image = canvas.image
        draw(shown.frame, damage: .whole(width: image.width, height: image.height), palette: shown.palette, style: shown.style)
    }

    /// Moves and draws what `damage` says of `frame`, which is then the frame drawn last; with
    /// `movesPixels` false the move is left to the display, which moved its own pixels.
    func draw(_ frame: Canvas, damage: FrameDamage, palette: PixelPalette, style: PixelStyle, movesPixels: Bool = true) {
        canvas.palette = palette
        canvas.style = style
        let image = canvas.image
        if let move = damage.move {
            if movesPixels { image.move(move) } else { hasStalePixels = true }
        }
        if damage == .whole(width: image.width, height: image.height) { hasStalePixels = false }
        if !damage.areas.isEmpty { canvas.draw(frame, within: damage.areas) }
        shown = (frame, palette, style)
    }

    /// Draws `frame` where it changed; returns what changed.
    @discardableResult
    func draw(_ frame: Canvas, palette: PixelPalette, style: PixelStyle) -> FrameDamage {
        let damage = damage(for: frame, palette: palette, style: style)
        draw(frame, damage: damage, palette: palette, style: style)
        return damage
    }
}
#endif
