import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// Two scroll views, a horizontal carousel in front of a vertical document, and a text field.
struct NestedPair: WidgetGroup {
    var document = ScrollView(DocumentLines(), scroll: ScrollState(viewport: .zero, content: Size(width: 320, height: 3200)))
    var carousel = ScrollView(DocumentLines(), scroll: ScrollState(viewport: .zero, content: Size(width: 3200, height: 48)))
    var field = TextField(prompt: "Find: ")
    var routing = Routing()
    var children: [Child<Self>] { [Child(\.document), Child(\.carousel), Child(\.field)] }

    mutating func draw() {
        var buffer = Buffer(columns: 40, rows: 20)
        let parts = buffer.area.rows([.fill, .fixed(1)])
        document.render(in: parts[0], into: &buffer, at: 0)
        // The carousel: three rows in the middle of the document, inside its content.
        carousel.render(in: CellRect(column: 0, row: 8, columns: 40, rows: 3), into: &buffer, at: 0)
        carousel.scroll.contentSize = Size(width: 3200, height: carousel.scroll.viewportSize.height)
        field.render(in: parts[1], into: &buffer, at: 0)
    }
}

@Suite struct WidgetModelTests {
    func press(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int) -> Event { .mouse(MouseEvent(kind, column: column, row: row)) }

    @Test("SV-04: a horizontal drag on the inner view scrolls it; a vertical one passes to the outer view")
    func SV_04_dragBubblesToTheEnclosingView() {
        var g = NestedPair()
        g.draw()
        _ = g.routeToChildren(press(.press, 20, 9), at: 0)
        for (i, c) in [16, 12, 8].enumerated() { _ = g.routeToChildren(press(.drag, c, 9), at: 0.02 * Double(i + 1)) }
        _ = g.routeToChildren(press(.release, 8, 9), at: 0.08)
        #expect(g.carousel.scroll.offset.x > 0 && g.document.scroll.offset.y == 0)
        // Vertical: the carousel gives the drag up and the document takes it from the press.
        _ = g.routeToChildren(press(.press, 20, 9), at: 1)
        for (i, r) in [7, 5, 3].enumerated() { _ = g.routeToChildren(press(.drag, 20, r), at: 1 + 0.02 * Double(i + 1)) }
        #expect(g.document.scroll.offset.y > 0)
        #expect(g.routing.pointerOwner == \NestedPair.document)
        _ = g.routeToChildren(press(.release, 20, 3), at: 1.1)
        #expect(g.routing.pointerOwner == nil)
    }

    @Test("the pointer belongs to the widget that took the press: drags elsewhere go to it alone")
    func captureStaysWithThePressedWidget() {
        var g = NestedPair()
        g.draw()
        _ = g.routeToChildren(press(.press, 5, 2), at: 0)
        #expect(g.routing.pointerOwner == \NestedPair.document)
        let carousel = g.carousel.scroll
        // Dragging across the carousel's cells moves the document, never the carousel.
        for (i, r) in [3, 9, 10].enumerated() { _ = g.routeToChildren(press(.drag, 5 + i, r), at: 0.02 * Double(i + 1)) }
        _ = g.routeToChildren(press(.release, 7, 10), at: 0.1)
        #expect(g.carousel.scroll == carousel)
    }

    @Test("SV-02: the wheel goes to the view that can scroll that way, and bounces at the outermost edge")
    func SV_02_wheelGoesWhereItScrolls() {
        var g = NestedPair()
        g.draw()
        let wheel = Event.mouse(MouseEvent(.wheel(.down), button: .none, column: 10, row: 9))
        #expect(g.routeToChildren(wheel, at: 0).isHandled)
        _ = g.tickChildren(at: 1)
        #expect(g.document.scroll.offset.y > 0 && g.carousel.scroll.offset.y == 0)
    }

    @Test("keys go to the focused widget; Tab order follows the children; a text field takes letters")
    func focusAndTextField() {
        var g = NestedPair()
        g.draw()
        #expect(g.focusedChild == \NestedPair.document)
        let first = g.moveFocus(forward: true)  // the carousel takes keys too
        let second = g.moveFocus(forward: true)
        #expect(first && second)
        #expect(g.isFocused(\.field) && g.focusedChildIsEditingText)
        let past = g.moveFocus(forward: true)
        #expect(!past, "past the last widget the caller moves on")
        let typed = g.routeToChildren(.key(KeyEvent(.character("q"))), at: 0)
        let pasted = g.routeToChildren(.paste("a\tb\nc"), at: 0)
        #expect(g.field.text == "qa b c")
        let actions = typed.reports(from: \NestedPair.field) + pasted.reports(from: \NestedPair.field)
        #expect(actions == [.changed, .changed])
        g.draw()
        #expect(g.focusedCursorPosition == Point(x: 12 * 8, y: 19 * 16))
    }

    @Test("rows and columns share an area without overlap, whatever the lengths")
    func layoutSplits() {
        let area = CellRect(column: 2, row: 1, columns: 100, rows: 10)
        let parts = area.columns([.fixed(10), .fraction(0.5), .fill, .flexible(weight: 3)], spacing: 1)
        #expect(parts.map(\.columns) == [10, 48, 9, 30])
        #expect(parts.map(\.column) == [2, 13, 62, 72])
        for lengths in [[Length.fixed(Int.max), .fill], [.fraction(.nan), .fixed(-5)], [.flexible(weight: Int.min)], []] {
            let cut = area.rows(lengths, spacing: Int.max)
            #expect(cut.allSatisfy { $0.row >= area.row && $0.maxRow <= area.maxRow })
        }
    }

    @Test("SV-02: under Reduce Motion a flick and a wheel step move at once, and nothing stretches")
    func SV_02_reduceMotion() {
        var s = ScrollState(viewport: Size(width: 100, height: 100), content: Size(width: 100, height: 10_000))
        s.reducesMotion = true
        s.beginDrag(at: Point(x: 50, y: 90), time: 0)
        s.drag(to: Point(x: 50, y: 60), time: 0.016)
        s.drag(to: Point(x: 50, y: 20), time: 0.032)
        s.endDrag(time: 0.033)
        let rest = s.offset.y
        #expect(rest > 70 && !s.isAnimating || s.indicatorOpacity == 1)
        s.tick(at: 0.5)
        #expect(s.offset.y == rest, "no glide after the release")
        s.beginDrag(at: Point(x: 50, y: 10), time: 10)
        s.drag(to: Point(x: 50, y: 9_000), time: 10.1)
        #expect(s.offset.y >= 0, "no rubber band past the top")
    }
}
