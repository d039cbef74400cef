import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A host that asks for less motion (`--screen-reader`) gets it from every widget that scrolls,
/// without the app setting each one's state.
@Suite struct CanvasReducesMotionTests {
    @Test("SV-05: drawn on a canvas that reduces motion, a table, a list, an outline and a scroll view move at once")
    func SV_05_everyScrollingWidget() {
        var buffer = Canvas(cells: Buffer(columns: 40, rows: 10))
        buffer.reducesMotion = true
        var table = TableView(TableState(rows: GeneratedRows(count: 1000) { $0 }, columns: [TableColumn("N", width: .clamping(ideal: 80)) { .int($0) }]))
        var list = ListView(ListState(rows: (0..<1000).map(String.init)) { RowContent($0) })
        struct Tree: OutlineSource, Sendable {
            func childCount(of parent: OutlinePath?) -> Int { parent == nil ? 1000 : 0 }
            func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { [index] }
        }
        var outline = OutlineView(OutlineState(source: Tree())) { "\($0)" }
        struct Blank: ScrollContent { func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {} }
        var scroll = ScrollView(Blank(), scroll: ScrollState(viewport: Size(width: 320, height: 160), content: Size(width: 320, height: 16000)))
        table.render(in: buffer.bounds, into: &buffer, at: 0)
        list.render(in: buffer.bounds, into: &buffer, at: 0)
        outline.render(in: buffer.bounds, into: &buffer, at: 0)
        scroll.render(in: buffer.bounds, into: &buffer, at: 0)
        for key in [KeyEvent(.pageDown), KeyEvent(.end)] {
            _ = table.handle(.key(key), at: 1)
            _ = list.handle(.key(key), at: 1)
            _ = outline.handle(.key(key), at: 1)
            _ = scroll.handle(.key(key), at: 1)
        }
        #expect(!table.isAnimating && !list.isAnimating && !outline.isAnimating && !scroll.isAnimating)
        #expect(table.table.list.scroll.offset.y > 0 && list.list.scroll.offset.y > 0 && scroll.scroll.offset.y > 0)
        // On an ordinary canvas the same keys animate.
        var moving = TableView(TableState(rows: GeneratedRows(count: 1000) { $0 }, columns: [TableColumn("N", width: .clamping(ideal: 80)) { .int($0) }]))
        var plain = Canvas(cells: Buffer(columns: 40, rows: 10))
        moving.render(in: plain.bounds, into: &plain, at: 0)
        _ = moving.handle(.key(KeyEvent(.pageDown)), at: 1)
        #expect(moving.isAnimating)
    }

    @Test("SV-02: drawn on a window's canvas, which steps the wheel, a table's and a scroll view's wheel steps as GTK's does")
    func SV_02_windowStepsTheWheel() {
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 10))
        canvas.stepsWheel = true
        var table = TableView(TableState(rows: GeneratedRows(count: 1000) { $0 }, columns: [TableColumn("N", width: .clamping(ideal: 80)) { .int($0) }]))
        table.render(in: canvas.bounds, into: &canvas, at: 0)
        #expect(!table.table.list.scroll.wheelGlides)
        var plain = Canvas(cells: Buffer(columns: 40, rows: 10))
        var other = TableView(TableState(rows: GeneratedRows(count: 1000) { $0 }, columns: [TableColumn("N", width: .clamping(ideal: 80)) { .int($0) }]))
        other.render(in: plain.bounds, into: &plain, at: 0)
        #expect(other.table.list.scroll.wheelGlides, "a terminal keeps the gliding wheel")
    }
}
