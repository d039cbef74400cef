/// Where a page control sits in its container (PC-04).
public enum PageControlPlacement: Sendable, Hashable {
    /// Centred horizontally near the bottom: the default.
    case bottomCenter
    /// Centred vertically at the trailing edge, for vertical controls.
    case trailingCenter

    /// The control's frame in a container of `size`, with `margin` points from the edge.
    public func frame(for control: PageControlState, in size: Size, margin: Double = 8) -> Rect {
        let (length, thickness) = control.size(forNumberOfPages: control.numberOfPages)
        switch self {
        case .bottomCenter:
            return Rect(x: (size.width - length) / 2, y: size.height - margin - thickness, width: length, height: thickness)
        case .trailingCenter:
            return Rect(x: size.width - margin - thickness, y: (size.height - length) / 2, width: thickness, height: length)
        }
    }
}

extension PageControlState {
    /// The control's own rectangle (its dots and padding) centred in `rect`: where a host that
    /// gives the control more room than it needs draws it, and hit-tests it.
    public func frame(centredIn rect: Rect) -> Rect {
        let (length, thickness) = size(forNumberOfPages: numberOfPages)
        let (width, height) = isVertical ? (thickness, length) : (length, thickness)
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }
}
