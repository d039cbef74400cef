/// The elastic resistance past an edge: b(x) = c·x·d / (d + c·x).
///
/// `x` is how far the pointer has gone past the edge, `d` the view's length on that axis and
/// `c` = 0.55 the constant used by UIKit folklore and by every public reimplementation. The
/// content follows with slope `c` at first and never travels farther than `d`.
public enum RubberBand {
    /// UIKit's rubber band constant.
    public static let defaultCoefficient = 0.55

    /// How far the content moves past the edge when the pointer has gone `distance` past it.
    /// Symmetric for negative distances; zero when `dimension` is not positive.
    public static func offset(forDistance distance: Double, dimension: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard dimension > 0, distance.isFinite else { return 0 }
        let x = abs(distance)
        let b = c * x * dimension / (dimension + c * x)
        return distance < 0 ? -b : b
    }

    /// The pointer distance that produces `offset`: the inverse of ``offset(forDistance:dimension:coefficient:)``,
    /// used when a drag starts while the content is already stretched.
    public static func distance(forOffset offset: Double, dimension: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard dimension > 0, offset.isFinite else { return 0 }
        let b = Swift.min(abs(offset), dimension * 0.999)
        let x = b * dimension / (c * (dimension - b))
        return offset < 0 ? -x : x
    }
}
