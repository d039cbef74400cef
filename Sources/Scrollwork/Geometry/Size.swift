/// A width and a height in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size of zero in both dimensions.
    public static let zero = Size(width: 0, height: 0)

    /// The extent along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// True when both extents are finite.
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// True when either extent is zero or negative.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Both extents scaled by `factor`.
    public static func * (lhs: Size, factor: Double) -> Size {
        Size(width: lhs.width * factor, height: lhs.height * factor)
    }

    /// A readable form such as `120.0×40.0`.
    public var description: String { "\(width)×\(height)" }
}
