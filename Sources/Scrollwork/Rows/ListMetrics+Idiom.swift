extension ListMetrics {
    /// A platform's list metrics at its default text size (docs/metrics.md gives the sources):
    ///
    /// - iOS, iPadOS: 44-point rows (UIKit's default row height and the guidelines' minimum hit
    ///   target), 28-point headers and footers, 20 points between grouped sections.
    /// - macOS: 24-point rows, headers and footers (an `NSTableView` with the medium row size
    ///   style), 8 points between sections; a 24-point detail zone.
    /// - tvOS: 66-point rows (focusable rows need room to grow when focused), 40-point headers.
    /// - visionOS: 60-point rows, the platform's minimum target for eyes and hands.
    /// - watchOS: 44-point rows, as iOS.
    public static func standard(for idiom: ScrollIdiom) -> ListMetrics {
        var m = ListMetrics()
        switch idiom {
        case .iOS, .watchOS: break
        case .macOS:
            (m.rowHeight, m.headerHeight, m.footerHeight, m.sectionSpacing, m.accessoryWidth) = (24, 24, 24, 8, 24)
        case .tvOS:
            (m.rowHeight, m.headerHeight, m.footerHeight, m.sectionSpacing, m.accessoryWidth) = (66, 40, 40, 40, 66)
        case .visionOS:
            (m.rowHeight, m.headerHeight, m.footerHeight, m.sectionSpacing, m.accessoryWidth) = (60, 32, 32, 24, 60)
        }
        return m
    }

    /// The idiom's metrics with rows, headers and footers grown for text whose lines are
    /// `bodyLineHeight` points tall: at least 1.4 lines each, as rows grow with larger type
    /// (Dynamic Type, a desktop's text scale). At the idiom's own type nothing changes; a
    /// height that is not a positive finite number changes nothing either.
    public static func standard(for idiom: ScrollIdiom, bodyLineHeight: Double) -> ListMetrics {
        var m = standard(for: idiom)
        guard bodyLineHeight.isFinite, bodyLineHeight > 0 else { return m }
        let least = Swift.min((bodyLineHeight * 1.4).rounded(.up), 10_000)
        m.rowHeight = Swift.max(m.rowHeight, least)
        m.headerHeight = Swift.max(m.headerHeight, least)
        m.footerHeight = Swift.max(m.footerHeight, least)
        return m
    }
}
