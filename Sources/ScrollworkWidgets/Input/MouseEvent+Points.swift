import Scrollwork

extension MouseEvent {
    /// Where the pointer is, in points from the top-left corner of the host's canvas: a
    /// terminal reports the centre of the pointer's cell, a window the exact point.
    public var location: Point {
        get { Point(x: x, y: y) }
        set { x = newValue.x; y = newValue.y }
    }

    /// A pointer event at `point` (each coordinate clamped as ``x`` is). A wheel report carries
    /// `wheelNotches` notches (clamped as that property is).
    public init(_ kind: Kind, button: Button = .left, at point: Point, modifiers: Modifiers = [], wheelNotches: Double = 1) {
        self.init(kind, button: button, x: point.x, y: point.y, modifiers: modifiers, wheelNotches: wheelNotches)
    }
}
