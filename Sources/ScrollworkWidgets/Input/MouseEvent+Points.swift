import Scrollwork

/// Pointer positions finer than cells, from hosts that know them (a pixel host).
extension MouseEvent {
    /// Where in its cell the pointer was, from the cell's top-left corner, as fractions of the
    /// cell (each 0 up to 1), from a host that knows it (a pixel host); nil from a terminal, which
    /// reports whole cells and is read as the cell's centre. Each axis is clamped to 0…1 (NaN 0.5).
    public var offsetInCell: Point? {
        get { subcell == Self.noSubcell ? nil : Point(x: Double(subcell >> 16) / 65_534, y: Double(subcell & 0xFFFF) / 65_534) }
        set { subcell = newValue.map { Self.packOffset(Self.clampOffset($0)) } ?? Self.noSubcell }
    }

    /// Two 16-bit fractions of a cell; 65,534 is the whole cell, so all ones stays free for none.
    static func packOffset(_ p: Point) -> UInt32 {
        UInt32((p.x * 65_534).rounded()) << 16 | UInt32((p.y * 65_534).rounded())
    }

    static func clampOffset(_ p: Point) -> Point {
        func fraction(_ v: Double) -> Double { v.isNaN ? 0.5 : Swift.min(Swift.max(v, 0), 1) }
        return Point(x: fraction(p.x), y: fraction(p.y))
    }

    /// A mouse event at a position in points, from a host that measures finer than cells: the
    /// cell under `point` with the position inside it (``offsetInCell``). A wheel report carries
    /// `wheelNotches` notches (clamped as that property is).
    public init(_ kind: Kind, button: Button = .left, at point: Point, metrics: CellMetrics, modifiers: Modifiers = [],
                wheelNotches: Double = 1) {
        let x = point.x / metrics.cellWidth, y = point.y / metrics.cellHeight
        let column = x.isFinite ? x.rounded(.down) : 0, row = y.isFinite ? y.rounded(.down) : 0
        self.init(kind, button: button, column: Int(saturating: column), row: Int(saturating: row), modifiers: modifiers)
        self.offsetInCell = Self.clampOffset(Point(x: x.isFinite ? x - column : 0.5, y: y.isFinite ? y - row : 0.5))
        self.wheelNotches = Self.clampNotches(wheelNotches)
    }
}
