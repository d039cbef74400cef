import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

/// A 120 × 40 table frame: a header row, then rows `first ..< first + 39` with zebra backgrounds.
func tableFrame(first: Int, columns: Int = 120, rows: Int = 40) -> Buffer {
    var b = Buffer(columns: columns, rows: rows)
    b.draw("Name".padding(toLength: 30, withPad: " ", startingAt: 0) + "Path".padding(toLength: 60, withPad: " ", startingAt: 0) + "Size ▲",
           column: 0, row: 0, style: Style(bold: true, underline: true))
    for y in 1..<rows {
        let n = first + y - 1
        let zebra = n % 2 == 1 ? Style(background: .palette(236)) : .plain
        b.fill(CellRect(column: 0, row: y, columns: columns, rows: 1), with: .blank(zebra))
        b.draw("file-\(n).txt", column: 0, row: y, style: zebra)
        b.draw("/home/user/projects/scrollwork/…/file-\(n).txt", column: 30, row: y, style: zebra)
        b.draw(String(n * 37 % 100_000), column: 100, row: y, style: zebra)
    }
    return b
}

private func screen(after frames: [Buffer], mode: ColorMode = .trueColor) -> (VirtualScreen, Renderer) {
    var renderer = Renderer(colorMode: mode)
    var vs = VirtualScreen(columns: frames[0].columns, rows: frames[0].rows)
    for f in frames { vs.apply(renderer.render(f)) }
    return (vs, renderer)
}

@Suite struct RendererTests {
    @Test func firstFramePaintsEverything() {
        let frame = tableFrame(first: 0)
        let (vs, r) = screen(after: [frame])
        #expect(vs.buffer == frame)
        #expect(r.lastFrameBytes > 4000)
    }

    @Test func anUnchangedFrameWritesNothing() {
        let frame = tableFrame(first: 0)
        var r = Renderer(colorMode: .trueColor)
        _ = r.render(frame)
        #expect(r.render(frame).isEmpty)
        #expect(r.lastFrameBytes == 0)
    }

    @Test func aOneRowScrollOfATableWritesLessThanTwoRows() {
        var r = Renderer(colorMode: .palette256)
        var vs = VirtualScreen(columns: 120, rows: 40)
        vs.apply(r.render(tableFrame(first: 0)))
        let bytes = r.render(tableFrame(first: 1))
        vs.apply(bytes)
        #expect(vs.buffer == tableFrame(first: 1))
        let rowText = tableFrame(first: 1).text(ofRow: 39).utf8.count
        #expect(bytes.count < 2 * rowText, "\(bytes.count) bytes for a one-row scroll; a row is \(rowText)")
        // Scrolling back down uses the region the other way.
        let back = r.render(tableFrame(first: 0))
        vs.apply(back)
        #expect(vs.buffer == tableFrame(first: 0))
        #expect(back.count < 2 * rowText)
    }

    /// A scroll indicator drawn over the rows does not move with them: after the scroll region
    /// moves the rows, only the indicator's cells are written again, and every one of them is.
    @Test func aScrollUnderAMovingIndicatorRewritesOnlyTheIndicator() {
        func framed(_ first: Int, thumb: ClosedRange<Int>) -> Buffer {
            var b = tableFrame(first: first)
            for y in 1..<40 { b.draw(thumb.contains(y) ? "█" : " ", column: 118, row: y) }
            return b
        }
        var r = Renderer(colorMode: .palette256)
        var vs = VirtualScreen(columns: 120, rows: 40)
        vs.apply(r.render(framed(0, thumb: 1...10)))
        let bytes = r.render(framed(1, thumb: 2...11))
        vs.apply(bytes)
        #expect(vs.buffer == framed(1, thumb: 2...11))
        let rowText = tableFrame(first: 1).text(ofRow: 39).utf8.count
        #expect(bytes.count < 2 * rowText + 100, "\(bytes.count) bytes")
    }

    @Test("rows a widget drew anew are not searched for a scroll: the frame is shown exactly, written in place")
    func freshRowsAreNotSearched() {
        var r = Renderer(colorMode: .palette256)
        var vs = VirtualScreen(columns: 120, rows: 40)
        vs.apply(r.render(tableFrame(first: 0)))
        // The same one-row scroll as above, but every body row noted as drawn anew: no scroll
        // region, every row written.
        var fresh = tableFrame(first: 1)
        for y in 1..<40 { fresh.noteFreshRow(y) }
        #expect(fresh.isFreshRow(1) && !fresh.isFreshRow(0) && !fresh.isFreshRow(40) && !fresh.isFreshRow(-1))
        let bytes = r.render(fresh)
        vs.apply(bytes)
        #expect(vs.buffer == tableFrame(first: 1))
        #expect(!String(decoding: bytes, as: UTF8.self).contains(String(decoding: ANSI.resetScrollRegion, as: UTF8.self)), "no scroll region set")
        #expect(bytes.count > 10 * tableFrame(first: 1).text(ofRow: 39).utf8.count)
        // Clearing the buffer forgets the notes.
        fresh.clear()
        #expect(!fresh.isFreshRow(1))
    }

    @Test("a row drawn anew that differs at every eighth cell is written whole, unchanged cells too; one that does not moves past them")
    func freshRowsThatDifferThroughoutAreWrittenWhole() {
        // Old: "aaaaaaaa" repeated; new: every eighth cell "b", the others still "a".
        func row(_ fresh: Bool, changed: Bool) -> Buffer {
            var b = Buffer(columns: 40, rows: 2)
            b.draw(String(repeating: "a", count: 40), column: 0, row: 1)
            if changed { for x in stride(from: 0, to: 40, by: 8) { b.draw("b", column: x, row: 1) } }
            if fresh { b.noteFreshRow(1) }
            return b
        }
        for fresh in [true, false] {
            var r = Renderer(colorMode: .palette256)
            var vs = VirtualScreen(columns: 40, rows: 2)
            vs.apply(r.render(row(false, changed: false)))
            let bytes = r.render(row(fresh, changed: true))
            vs.apply(bytes)
            #expect(vs.buffer == row(false, changed: true))
            let text = String(decoding: bytes, as: UTF8.self)
            // Whole: the 33 cells from the first "b" to the last in one run; else each "b" on its own.
            #expect(text.contains("baaaaaaab") == fresh, "\(fresh): \(text.debugDescription)")
        }
    }

    @Test("any frames with rows drawn anew in place, restyled or not, are shown exactly")
    func anyFreshRowsAreShownExactly() async {
        let styles: [Style] = [.plain, Style(background: .palette(236)), Style(foreground: .palette(9), bold: true), Style(reverse: true)]
        let step = zip(Gen.int(in: 0...3), Gen.int(in: 0...5), Gen.int(in: 0...3), Gen.int(in: 0...20))
        await propertyCheck(count: 150, input: step.array(of: 1...8)) { steps in
            var r = Renderer(colorMode: .palette256)
            var vs = VirtualScreen(columns: 30, rows: 6)
            for (s, y, t, x) in steps {
                var frame = r.nextBuffer(columns: 30, rows: 6)
                for row in 0..<6 {
                    frame.fill(CellRect(column: 0, row: row, columns: 30, rows: 1), with: .blank(styles[(s + row) % 4]))
                    frame.draw(["abc def", "abc   def    ghi", "é abc", "x"][(t + row) % 4], column: (x + row) % 25, row: row, style: styles[(s + row) % 4])
                    if row == y || row % 2 == 0 { frame.noteFreshRow(row) }
                }
                vs.apply(r.render(frame))
                #expect(vs.buffer == frame, "screen:\n\(vs.buffer.text)\nframe:\n\(frame.text)")
            }
        }
    }

    @Test("a table notes the rows it draws anew, and not the ones it copies from the last frame")
    func tablesNoteFreshRows() throws {
        var table = TableView(TableState(rows: GeneratedRows(count: 1000) { $0 }, columns: [TableColumn<Int>("Name") { .string("row \($0)") }]))
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 12))
        table.render(in: canvas.bounds, into: &canvas, at: 0)
        #expect((1..<12).allSatisfy { canvas.cells.isFreshRow($0) }, "a first frame draws every row anew")
        try table.table.list.scroll.setOffset(Point(x: 0, y: 16), time: 0)
        canvas = Canvas(cells: Buffer(columns: 40, rows: 12))
        table.render(in: canvas.bounds, into: &canvas, at: 0)
        #expect((1..<11).allSatisfy { !canvas.cells.isFreshRow($0) } && canvas.cells.isFreshRow(11), "one row scrolled in: only it is new")
    }

    @Test("a one-row scroll is found at any width, not only widths that divide evenly", arguments: [97, 120, 121, 203])
    func oneRowScrollAtAnyWidth(_ columns: Int) {
        var r = Renderer(colorMode: .palette256)
        var vs = VirtualScreen(columns: columns, rows: 40)
        vs.apply(r.render(tableFrame(first: 0, columns: columns)))
        let bytes = r.render(tableFrame(first: 1, columns: columns))
        vs.apply(bytes)
        #expect(vs.buffer == tableFrame(first: 1, columns: columns))
        #expect(bytes.count < 2 * tableFrame(first: 1, columns: columns).text(ofRow: 39).utf8.count, "\(bytes.count) bytes")
    }

    @Test func aPageDownStaysUnderSixKilobytes() {
        var r = Renderer(colorMode: .palette256)
        _ = r.render(tableFrame(first: 0))
        let bytes = r.render(tableFrame(first: 38))
        #expect(bytes.count < 6000)
        var vs = VirtualScreen(columns: 120, rows: 40)
        var r2 = Renderer(colorMode: .palette256)
        vs.apply(r2.render(tableFrame(first: 0)))
        vs.apply(r2.render(tableFrame(first: 38)))
        #expect(vs.buffer == tableFrame(first: 38))
    }

    @Test func aStyleChangeWritesOnlyTheChangedCells() {
        let frame = tableFrame(first: 0)
        var selected = frame
        selected.restyle(CellRect(column: 0, row: 5, columns: 10, rows: 1)) { $0.reverse = true }
        var r = Renderer(colorMode: .trueColor)
        var vs = VirtualScreen(columns: 120, rows: 40)
        vs.apply(r.render(frame))
        let bytes = r.render(selected)
        vs.apply(bytes)
        #expect(vs.buffer == selected)
        #expect(bytes.count < 60)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("file-4.txt".prefix(10)))
        #expect(!text.contains("/home"))
    }

    @Test func framesAreWrappedInSynchronizedOutput() {
        var r = Renderer(colorMode: .trueColor)
        let bytes = r.render(tableFrame(first: 0))
        #expect(bytes.starts(with: Array("\u{1B}[?2026h".utf8)))
        #expect(Array(bytes.suffix(8)) == Array("\u{1B}[?2026l".utf8))
    }

    @Test func aResizeRepaintsFully() {
        var r = Renderer(colorMode: .trueColor)
        _ = r.render(tableFrame(first: 0))
        let small = tableFrame(first: 0, columns: 60, rows: 10)
        let bytes = r.render(small)
        var vs = VirtualScreen(columns: 60, rows: 10)
        vs.apply(bytes)
        #expect(vs.buffer == small)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2J"))
    }

    @Test func colourModesDownsample() {
        var b = Buffer(columns: 4, rows: 1)
        b.draw("ab", column: 0, row: 0, style: Style(foreground: .rgb(255, 0, 0), reverse: true))
        var mono = Renderer(colorMode: .none)
        let text = String(decoding: mono.render(b), as: UTF8.self)
        #expect(!text.contains("38;") && text.contains("7"))
        var sixteen = Renderer(colorMode: .ansi16)
        #expect(String(decoding: sixteen.render(b), as: UTF8.self).contains("7;31m"))
        var palette = Renderer(colorMode: .palette256)
        #expect(String(decoding: palette.render(b), as: UTF8.self).contains("38;5;196"))
    }

    @Test("a changed run goes on over three unchanged cells and stops at a fourth")
    func runsBridgeShortGapsOnly() {
        var old = Buffer(columns: 20, rows: 1)
        old.draw(String(repeating: "x", count: 20), column: 0, row: 0)
        for (second, expected) in [(6, "\u{1B}[1;3HAxxxB"), (7, "\u{1B}[1;3HA\u{1B}[4CB")] {
            var r = Renderer(colorMode: .trueColor)
            _ = r.render(old)
            var new = old
            new.draw("A", column: 2, row: 0)
            new.draw("B", column: second, row: 0)
            let text = String(decoding: r.render(new), as: UTF8.self)
            #expect(text.contains(expected), "\(text.debugDescription)")
        }
    }

    @Test("ASCII cells that differ from the cell before only in an attribute are written in their own style, whatever their colours")
    func attributeChangesInsideARunAreWritten() {
        let backgrounds: [Color] = [.default, .palette(1), .palette(255), .rgb(0, 1, 0), .rgb(255, 255, 255), .rgb(1, 3, 5), .ansi(3)]
        let toggles: [(inout Style) -> Void] = [{ $0.bold.toggle() }, { $0.dim.toggle() }, { $0.italic.toggle() }, { $0.underline.toggle() }, { $0.reverse.toggle() }]
        for background in backgrounds {
            for (t, toggle) in toggles.enumerated() {
                var old = Buffer(columns: 16, rows: 1)
                old.draw(String(repeating: "-", count: 16), column: 0, row: 0)
                var new = Buffer(columns: 16, rows: 1)
                var style = Style(foreground: .rgb(9, 8, 7), background: background)
                for x in 0..<16 {
                    new.draw(String(UnicodeScalar(UInt8(65 + x))), column: x, row: 0, style: style)
                    toggle(&style)
                }
                var r = Renderer(colorMode: .trueColor)
                var vs = VirtualScreen(columns: 16, rows: 1)
                vs.apply(r.render(old))
                vs.apply(r.render(new))
                #expect(vs.buffer == new, "background \(background), attribute \(t)")
            }
        }
    }

    @Test("a renderer given another colour mode writes its styles in that mode, not the ones it wrote before")
    func aNewColourModeForgetsWrittenStyles() {
        var b = Buffer(columns: 4, rows: 1)
        b.draw("ab", column: 0, row: 0, style: Style(foreground: .rgb(255, 0, 0)))
        var r = Renderer(colorMode: .palette256)
        #expect(String(decoding: r.render(b), as: UTF8.self).contains("38;5;196"))
        r.colorMode = .ansi16
        r.invalidate()
        let text = String(decoding: r.render(b), as: UTF8.self)
        #expect(text.contains("[31m") && !text.contains("38;5"))
    }

    @Test("style changes written again are the same bytes, however many styles have come and gone")
    func styleChangesRepeatExactly() {
        let styles: [PackedStyle] = (0..<40).map { (n: Int) -> PackedStyle in
            let background: Color = n % 3 == 0 ? .ansi(UInt8(n % 8)) : .default
            return PackedStyle(Style(foreground: .palette(UInt8(n)), background: background, bold: n % 2 == 0, underline: n % 5 == 0))
        }
        // Ten styles' changes fit in the cache and are copied from it in later rounds; forty
        // make it give way again and again.
        for count in [10, 40] {
            var changes = StyleChanges()
            let some = Array(styles.prefix(count))
            // A mode different from the round before's is written in that mode, not copied.
            for (round, mode) in [ColorMode.palette256, .palette256, .ansi16, .palette256].enumerated() {
                for (a, b) in zip([PackedStyle.unknown] + some, some) {
                    var cached: [UInt8] = [], direct: [UInt8] = []
                    changes.append(from: a, to: b, colorMode: mode, into: &cached)
                    Renderer.appendStyleChange(from: a == .unknown ? nil : a.style, to: b.style, colorMode: mode, into: &direct)
                    #expect(cached == direct, "\(count) styles, round \(round), \(mode)")
                }
            }
        }
    }

    /// Frames of ASCII alone (no clusters, so cells are compared as bits and copied by the
    /// renderer's ASCII loop) in styles that pair up (the same colours, an attribute apart, over
    /// colours whose bits lie where the attributes' do in a packed cell), drawn side by side with
    /// short gaps, a DEL and an accented letter now and then, end with the terminal showing
    /// exactly the last frame.
    @Test func anySequenceOfASCIIFramesIsShownExactly() async {
        let white = Color.rgb(255, 255, 255), green = Color.rgb(0, 1, 0)
        let styles: [Style] = [.plain, Style(bold: true),
                               Style(background: green), Style(background: green, bold: true),
                               Style(foreground: white, background: white), Style(foreground: white, background: white, italic: true, underline: true),
                               Style(reverse: true), Style(dim: true, reverse: true),
                               Style(foreground: .palette(9), underline: true), Style(foreground: .palette(9))]
        let texts = ["a", "ab", "abc d", "    ", "x  y   z", "b    c", "é", "\u{7F}", "~~~~", "q   r    s     t"]
        let step = zip(Gen.int(in: 0...39), Gen.int(in: 0...5), Gen.int(in: 0...9), Gen.int(in: 0...9), Gen.int(in: 0...3))
        await propertyCheck(count: 200, input: step.array(of: 1...24)) { steps in
            var frame = Buffer(columns: 40, rows: 6)
            var r = Renderer(colorMode: .trueColor)
            var vs = VirtualScreen(columns: 40, rows: 6)
            for (x, y, s, t, gap) in steps {
                // A text, then its partner style's text a short gap after it.
                let end = frame.draw(texts[t], column: x, row: y, style: styles[s])
                frame.draw(texts[(t + 3) % texts.count], column: end + gap, row: y, style: styles[s ^ 1])
                vs.apply(r.render(frame))
                let same = vs.buffer == frame
                #expect(same, "screen:\n\(vs.buffer.text)\nframe:\n\(frame.text)")
            }
        }
    }

    /// Any sequence of frames, drawn with text of every width, styles, moved rows and changes
    /// in the columns scroll detection leaves out, ends with the terminal showing exactly the
    /// last frame.
    @Test func anySequenceOfFramesIsShownExactly() async {
        let words = ["a", "hello", "滚动视图", "👍🏽 ok", "é", "ｶﾀｶﾅ", "…", "x\u{301}y"]
        let step = zip(Gen.int(in: 0...5), Gen.int(in: 0...30), Gen.int(in: 0...9), Gen.int(in: 0...7))
        await propertyCheck(count: 150, input: step.array(of: 1...12)) { steps in
            var frame = Buffer(columns: 24, rows: 10)
            var r = Renderer(colorMode: .trueColor)
            var vs = VirtualScreen(columns: 24, rows: 10)
            for (kind, x, y, w) in steps {
                switch kind {
                case 0, 1: frame.draw(words[w], column: x % 26 - 1, row: y, style: Style(foreground: .rgb(UInt8(w * 30), 0, 0), bold: w % 2 == 0))
                case 2: frame.restyle(CellRect(column: x % 24, row: y, columns: w + 1, rows: 2)) { $0.reverse.toggle() }
                case 3:
                    // Move a block of rows, as scrolling does.
                    var moved = frame
                    let d = w % 3 + 1
                    moved.copyRows((y % 5)..<(y % 5 + 5), of: frame, to: y % 5 + (x % 2 == 0 ? d : -d))
                    frame = moved
                case 4: frame.fill(CellRect(column: x % 24, row: y, columns: w + 2, rows: 1), with: .blank(Style(background: .palette(UInt8(w)))))
                default:
                    // A scroll indicator's cell in the last two columns, which scroll detection
                    // leaves out of its comparison.
                    frame.draw(w % 2 == 0 ? "▇" : "a", column: 22 + x % 2, row: y)
                }
                vs.apply(r.render(frame))
                let same = vs.buffer == frame
                #expect(same, "screen:\n\(vs.buffer.text)\nframe:\n\(frame.text)")
            }
        }
    }
}
