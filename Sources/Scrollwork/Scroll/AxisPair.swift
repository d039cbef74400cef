/// One value for each axis.
public struct AxisPair<Value> {
    /// The value for the horizontal axis.
    public var horizontal: Value
    /// The value for the vertical axis.
    public var vertical: Value

    /// Creates a pair.
    public init(horizontal: Value, vertical: Value) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The same value for both axes.
    public init(both value: Value) {
        self.init(horizontal: value, vertical: value)
    }

    /// The value for `axis`.
    public subscript(axis: Axis) -> Value {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}

extension AxisPair: Sendable where Value: Sendable {}
extension AxisPair: Equatable where Value: Equatable {}
extension AxisPair: Hashable where Value: Hashable {}
