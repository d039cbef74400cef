/// The transition between scrolling content and a floating bar at one edge (SV-08).
public struct ScrollEdgeEffect: Sendable, Hashable {
    /// How the transition looks.
    public enum Style: Sendable, Hashable {
        /// `soft` in most places; `hard` for macOS, pinned table headers, interactive text and
        /// controls without a background.
        case automatic
        /// A gradual fade and blur of content under the bar (terminal: dimmed rows).
        case soft
        /// An opaque backing and a clear dividing line (terminal: a separator).
        case hard
    }

    /// What floats over the edge.
    public enum FloatingElement: Sendable, Hashable {
        /// A toolbar or navigation bar.
        case bar
        /// A table's column header pinned over its rows.
        case pinnedTableHeader
        /// Controls with interactive text, such as a search field.
        case interactiveText
        /// Controls without a background of their own.
        case backless
    }

    /// An edge of a scroll view.
    public enum Edge: Sendable, Hashable, CaseIterable {
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The left edge.
        case left
        /// The right edge.
        case right

        /// The axis along which content moves under this edge.
        public var axis: Axis { self == .top || self == .bottom ? .vertical : .horizontal }
    }

    /// The edge the effect sits on.
    public var edge: Edge
    /// The requested style.
    public var style: Style
    /// The floating elements over this edge; the effect is active only when there is one.
    public var floatingElements: [FloatingElement]
    /// The depth of the floating element, in points; clamped to 0…10,000, NaN means 0.
    public var depth: Double { didSet { depth = depth.isNaN ? 0 : depth.clamped(to: 0...10_000) } }

    /// Creates an effect.
    public init(edge: Edge, style: Style = .automatic, floating elements: [FloatingElement], depth: Double) {
        self.edge = edge
        self.style = style
        self.floatingElements = elements
        self.depth = depth.isFinite ? Swift.max(0, depth) : 0
    }

    /// True when the effect shows at all: only next to a floating element.
    public var isActive: Bool { !floatingElements.isEmpty }

    /// The style after `automatic` is resolved for `idiom`: hard on macOS and for pinned table
    /// headers, interactive text and backless controls; soft otherwise.
    public func resolvedStyle(for idiom: ScrollIdiom) -> Style {
        guard style == .automatic else { return style }
        if idiom == .macOS { return .hard }
        let needsHard = floatingElements.contains { $0 != .bar }
        return needsHard ? .hard : .soft
    }

    /// How strongly the effect shows, 0…1: it fades in as content scrolls under the element and
    /// is full once a whole element's depth of content lies under it.
    public func intensity(in scroll: ScrollState) -> Double {
        guard isActive else { return 0 }
        let bounds = scroll.offsetBounds(edge.axis)
        let under: Double
        switch edge {
        case .top, .left: under = scroll.offset[edge.axis] - bounds.lowerBound
        case .bottom, .right: under = bounds.upperBound - scroll.offset[edge.axis]
        }
        guard depth > 0 else { return under > 0 ? 1 : 0 }
        return (under / depth).clamped(to: 0...1)
    }

    /// Guideline checks for one scroll view's effects: an effect on an edge with no floating
    /// element, and more than one effect or floating element on one edge.
    public static func diagnostics(for effects: [ScrollEdgeEffect]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for edge in Edge.allCases {
            let here = effects.filter { $0.edge == edge }
            if here.count > 1 {
                found.append(Diagnostic("SV-08", "\(here.count) scroll edge effects on the \(edge) edge; use one per edge"))
            }
            for effect in here where effect.floatingElements.isEmpty {
                found.append(Diagnostic("SV-08", "a scroll edge effect on the \(edge) edge has no floating element over it; add the effect only where controls float over content"))
            }
            for effect in here where effect.floatingElements.count > 1 {
                found.append(Diagnostic("SV-08", "\(effect.floatingElements.count) floating elements share the \(edge) edge effect; one effect serves one bar"))
            }
        }
        return found
    }

    /// Guideline check for split views: each pane gets its own effect, and the effects across
    /// panes on one edge have the same depth.
    public static func diagnostics(forPanes panes: [[ScrollEdgeEffect]]) -> [Diagnostic] {
        var found = panes.flatMap { diagnostics(for: $0) }
        for edge in Edge.allCases {
            let depths = Set(panes.compactMap { $0.first { $0.edge == edge && $0.isActive }?.depth })
            if depths.count > 1 {
                found.append(Diagnostic("SV-08", "the \(edge) edge effects of a split view's panes have different depths \(depths.sorted()); keep them the same height"))
            }
        }
        return found
    }
}
