/// An axis-aligned rectangle: an origin (top-left corner) and a size, in points.
///
/// A rectangle with a negative width or height is treated as empty by every operation; use
/// ``standardized`` to turn such a rectangle into the equivalent positive one.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The smallest x.
    public var minX: Double { origin.x }
    /// The smallest y.
    public var minY: Double { origin.y }
    /// The largest x (exclusive).
    public var maxX: Double { origin.x + size.width }
    /// The largest y (exclusive).
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// True when the rectangle covers no area.
    public var isEmpty: Bool { size.isEmpty }
    /// True when its corner and size are finite (neither NaN nor infinite).
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// The lowest coordinate along `axis`.
    public func min(_ axis: Axis) -> Double { origin[axis] }
    /// The highest coordinate along `axis` (exclusive).
    public func max(_ axis: Axis) -> Double { origin[axis] + size[axis] }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        var r = self
        if r.size.width < 0 { r.origin.x += r.size.width; r.size.width = -r.size.width }
        if r.size.height < 0 { r.origin.y += r.size.height; r.size.height = -r.size.height }
        return r
    }

    /// True when `point` lies inside; the top and left edges are inside, the bottom and right are not.
    public func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when `other` lies entirely inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && other.minX >= minX && other.maxX <= maxX
            && other.minY >= minY && other.maxY <= maxY
    }

    /// True when the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// The area the two rectangles share, or nil when they share none.
    public func intersection(_ other: Rect) -> Rect? {
        guard !isEmpty, !other.isEmpty else { return nil }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle that holds both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle shrunk by `insets` on each side (grown where an inset is negative).
    ///
    /// Insets larger than the rectangle leave an empty rectangle of zero size, positioned where the
    /// two insets meet, rather than a negative size.
    public func inset(by insets: EdgeInsets) -> Rect {
        var x = minX + insets.left, y = minY + insets.top
        var w = width - insets.left - insets.right, h = height - insets.top - insets.bottom
        if w < 0 { x += w / 2; w = 0 }
        if h < 0 { y += h / 2; h = 0 }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The rectangle shrunk by `dx` on the left and right and by `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx))
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// A readable form such as `(0.0, 0.0, 10.0×5.0)`.
    public var description: String { "(\(minX), \(minY), \(size))" }
}
