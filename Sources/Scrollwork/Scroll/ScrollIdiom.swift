/// A platform's way of scrolling: presets of the same state machine (SV-11 to SV-15).
public enum ScrollIdiom: Sendable, Hashable, CaseIterable {
    /// iOS and iPadOS: transient 3 pt overlay indicators, elastic edges, flick momentum.
    case iOS
    /// macOS: scrollers (overlay or legacy, by the user's setting), elastic edges.
    case macOS
    /// tvOS: no indicators; focus moves scroll minimally to keep the focused item visible.
    case tvOS
    /// visionOS: a fixed-size indicator centred on its edge that becomes a jog bar when dragged.
    case visionOS
    /// watchOS: vertical scrolling, the Digital Crown, vertical pages.
    case watchOS

    /// Applies the idiom's defaults to `state`.
    public func configure(_ state: inout ScrollState) {
        switch self {
        case .iOS:
            state.indicatorStyle = ScrollIndicatorStyle()
            state.bounces = .both
        case .macOS:
            state.indicatorStyle = .macOS(.overlay)
            state.bounces = .both
        case .tvOS:
            state.indicatorStyle = .hidden
            state.bounces = []
        case .visionOS:
            state.indicatorStyle = .visionOS
            state.bounces = .both
        case .watchOS:
            state.indicatorStyle = ScrollIndicatorStyle()
            state.bounces = .vertical
            state.isDirectionalLockEnabled = true
        }
    }

    /// A scroll state with this idiom's defaults.
    public func scrollState(viewport: Size, content: Size) -> ScrollState {
        var state = ScrollState(viewport: viewport, content: content)
        configure(&state)
        return state
    }
}

extension ScrollState {
    /// Guideline check for macOS (SV-12): a control placed in the scroller's track. `controls` are
    /// the frames of controls laid over the scroll view, in viewport coordinates.
    public func scrollerTrackDiagnostics(controls: [Rect]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for axis in Axis.allCases {
            guard let indicator = indicator(axis) else { continue }
            for control in controls where control.intersects(indicator.track) {
                found.append(Diagnostic("SV-12", "a control at \(control) lies in the \(axis) scroller's track; don't put controls inline with a scroll bar"))
            }
        }
        return found
    }
}
