import Testing
import Scrollwork

/// Rows grow with larger type, as UIKit's self-sizing cells grow with Dynamic Type.
@Suite struct ListMetricsTypeSizeTests {
    @Test("LT-05: at the idiom's own type rows keep the idiom's heights; with twice the type they grow to hold it", arguments: ScrollIdiom.allCases)
    func LT_05_rowsGrowWithType(idiom: ScrollIdiom) {
        let standard = ListMetrics.standard(for: idiom)
        #expect(ListMetrics.standard(for: idiom, bodyLineHeight: 16) == standard)
        let large = ListMetrics.standard(for: idiom, bodyLineHeight: 80)
        #expect(large.rowHeight == 112 && large.headerHeight == 112 && large.footerHeight == 112)
        #expect(large.sectionSpacing == standard.sectionSpacing && large.accessoryWidth == standard.accessoryWidth)
    }

    @Test("a line height that is not a positive finite number changes nothing, and a huge one is bounded", arguments: [Double.nan, .infinity, -.infinity, 0, -5, .greatestFiniteMagnitude])
    func oddLineHeights(height: Double) {
        let m = ListMetrics.standard(for: .iOS, bodyLineHeight: height)
        #expect(m.rowHeight.isFinite && m.rowHeight >= ListMetrics.standard(for: .iOS).rowHeight && m.rowHeight <= 10_000)
    }
}
