import Scrollwork
import ScrollworkWidgets

/// Lengths the gallery's pages lay out with, in points: a page cut into parts keeps each on the
/// grid a terminal draws (whole cells there), and a window the same proportions.
extension CellMetrics {
    /// `width` rounded down to whole columns (not finite or negative: 0).
    func wholeColumns(_ width: Double) -> Double {
        guard width.isFinite, width > 0 else { return 0 }
        return (width / cellWidth).rounded(.down) * cellWidth
    }

    /// `height` rounded down to whole lines (not finite or negative: 0).
    func wholeLines(_ height: Double) -> Double {
        guard height.isFinite, height > 0 else { return 0 }
        return (height / cellHeight).rounded(.down) * cellHeight
    }
}

extension Length {
    /// A fixed slot `points` long, rounded down to a whole point (not finite or negative: 0).
    static func points(_ points: Double) -> Length {
        .fixed(Int(flooringSaturating: points.isFinite ? Swift.max(0, points) : 0))
    }
}
