#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import Scrollwork
import ScrollworkWidgets

/// Draws an `App`'s frame in pixels without a display: the app renders into a cell grid that
/// fills the size in points (`CellMetrics`' cells), its drawings in points over it, and a
/// ``PixelCanvas`` draws both at `scale` pixels a point.
public enum PixelFrame {
    /// The cells a frame of `size` points holds: whole cells, at least one each way, at most
    /// `Buffer/maximumSide`.
    public static func cells(for size: Size, metrics: CellMetrics = CellMetrics()) -> (columns: Int, rows: Int) {
        (metrics.columns(forPoints: size.width).clamped(to: 1...Buffer.maximumSide),
         metrics.rows(forPoints: size.height).clamped(to: 1...Buffer.maximumSide))
    }

    /// The pixels of `size` points at `scale`, rounded up; a size that is not a positive finite
    /// number gives a side of 1.
    public static func pixels(for size: Size, scale: Double) -> (width: Int, height: Int) {
        func side(_ points: Double) -> Int {
            let v = (points * scale).rounded(.up)
            return v.isFinite && v >= 1 ? Int(saturating: v).clamped(to: 1...PixelImage.maximumSide) : 1
        }
        return (side(size.width), side(size.height))
    }

    /// Renders `app` as it looks at `time` into a new image of `size` points at `scale` pixels a
    /// point (clamped as ``PixelCanvas`` clamps it). The app is told its size in cells first
    /// when it differs from `columns` × `rows` it last had; pass them to skip that. What drawing
    /// asks of a host (rows not read yet) is not carried out: the picture shows the app as it is
    /// (a `Driver` carries such effects out, frame after frame).
    public static func render<A: App>(_ app: inout A, size: Size, scale: Double, at time: Double,
                                      metrics: CellMetrics = CellMetrics(), palette: PixelPalette = .dark,
                                      style: PixelStyle = PixelStyle()) throws(PixelError) -> PixelImage {
        let scale = scale.isNaN ? 1 : Swift.min(Swift.max(scale, 0.25), 8)
        let (width, height) = pixels(for: size, scale: scale)
        let image = try PixelImage(width: width, height: height)
        _ = PixelCanvas(image: image, scale: scale, metrics: metrics, palette: palette, style: style).draw(&app, at: time)
        return image
    }
}
#endif
