import Scrollwork
import ScrollworkWidgets
import Testing
@testable import ScrollworkTesting

/// #72: each promise `Pilot`'s documentation makes, checked against an app that records what
/// reaches it and when.
@Suite struct PilotPromisesTests {
    /// Records every event with the time it came; shows `label` with trailing spaces after it.
    struct Recorder: App {
        var seen: [(event: Event, time: Double)] = []
        var label = "first words   "
        var wantsQuit = false
        mutating func handle(_ event: Event, at time: Double) -> [Effect] {
            seen.append((event, time))
            return []
        }
        mutating func tick(at time: Double) -> [Effect] { [] }
        mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
            canvas.label(label, in: canvas.bounds, style: Style(), inset: 0)
            return []
        }
        var isAnimating: Bool { false }
        mutating func pointerShape(at point: Point) -> PointerShape { .arrow }
    }

    /// The mouse events `pilot`'s app saw, with their times.
    static func mouse(_ pilot: Pilot<Recorder>) -> [(kind: MouseEvent.Kind, time: Double)] {
        pilot.app.seen.compactMap { if case let .mouse(m) = $0.event { (m.kind, $0.time) } else { nil } }
    }

    @Test("the size is clamped as Buffer clamps it; a change made through app shows after redraw; text and line trim trailing spaces")
    func sizeAppAndText() {
        for (columns, rows) in [(0, 0), (-5, Int.min), (Int.max, Int.max), (40, 3)] {
            let buffer = Buffer(columns: columns, rows: rows)
            let pilot = Pilot(Recorder(), columns: columns, rows: rows)
            #expect(pilot.size == (buffer.columns, buffer.rows))
        }
        let pilot = Pilot(Recorder(), columns: 30, rows: 2)
        #expect(pilot.line(0) == "first words" && pilot.text.hasPrefix("first words\n"))
        pilot.app.label = "changed"
        #expect(pilot.line(0) == "first words", "not drawn yet")
        #expect(pilot.redraw().line(0) == "changed")
        #expect(pilot.line(-1) == "" && pilot.line(2) == "" && pilot.line(Int.min) == "" && pilot.line(Int.max) == "")
    }

    @Test("type goes through the input decoder, paste arrives as one paste, press sends each key")
    func keysAndPastes() {
        let pilot = Pilot(Recorder(), columns: 20, rows: 2)
        pilot.type("q\u{1B}[A")
        pilot.paste("two\nlines")
        pilot.press([KeyEvent(.enter), KeyEvent(.character("x"), .control)])
        let events = pilot.app.seen.map(\.event)
        #expect(events.contains(.key(KeyEvent(.character("q")))) && events.contains(.key(KeyEvent(.up))), "\(events)")
        #expect(events.contains(.paste("two\nlines")))
        #expect(events.suffix(2) == [.key(KeyEvent(.enter)), .key(KeyEvent(.character("x"), .control))])
    }

    @Test("a click is a press and a release 50 ms later; a drag takes 1…1,000 moves 16 ms apart; the wheel 1…1,000 notches")
    func pointerActions() {
        let pilot = Pilot(Recorder(), columns: 20, rows: 5)
        pilot.click(column: 3, row: 2)
        let click = Self.mouse(pilot)
        #expect(click.count == 2 && click[0].kind == .press && click[1].kind == .release)
        #expect(abs(click[1].time - click[0].time - 0.05) < 1e-9)
        for (steps, moves) in [(0, 1), (-3, 1), (4, 4), (Int.max, 1_000)] {
            let dragged = Pilot(Recorder(), columns: 20, rows: 5).drag(from: CellPosition(column: 0, row: 0), to: CellPosition(column: 9, row: 4), steps: steps)
            let kinds = Self.mouse(dragged)
            #expect(kinds.filter { $0.kind == .drag }.count == moves && kinds.first?.kind == .press && kinds.last?.kind == .release)
            if moves > 1 { #expect(abs(kinds[2].time - kinds[1].time - 0.016) < 1e-9) }
        }
        for (notches, turns) in [(0, 1), (Int.min, 1), (3, 3), (Int.max, 1_000)] {
            let wheeled = Pilot(Recorder(), columns: 20, rows: 5).scroll(.down, notches: notches, column: 1, row: 1)
            #expect(Self.mouse(wheeled).count == turns)
        }
    }

    @Test("the clock moves only when the test moves it; runAllWork runs at least one piece and at most its clamped limit")
    func clockAndWork() {
        let pilot = Pilot(Recorder(), columns: 20, rows: 2)
        let start = pilot.time
        pilot.press(.down)
        #expect(pilot.time == start)
        pilot.advance(by: 0.25)
        #expect(abs(pilot.time - start - 0.25) < 1e-9)
        #expect(pilot.runAllWork(limit: Int.min) == 0 && pilot.runAllWork(limit: Int.max) == 0 && !pilot.runWork() && pilot.pendingWork.isEmpty)
    }

    @Test("what a pilot cannot do says what and shows the screen")
    func errorsSayWhat() {
        let pilot = Pilot(Recorder(), columns: 20, rows: 2)
        #expect(throws: PilotError.notOnScreen("absent", occurrence: 2, screen: pilot.text)) { try pilot.click("absent", occurrence: 2) }
        #expect(PilotError.notOnScreen("absent", occurrence: 2, screen: "the screen").description == "\"absent\" does not show 2 times on the screen:\nthe screen")
        #expect(throws: PilotError.noElement(.button, named: "OK")) { try pilot.click(.button, named: "OK") }
        #expect(PilotError.noElement(.button, named: "OK").description.contains("named \"OK\""))
        #expect(pilot.element(.button) == nil, "an app that says nothing of itself has no elements")
    }
}
