import Scrollwork
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

/// The packed cells a buffer stores, and the copies of drawn rows that make a one-row scroll cheap.
@Suite struct PackedBufferTests {
    @Test("a packed cell is 8 bytes with no padding, so that equal rows are equal bytes")
    func packedCellLayout() {
        #expect(MemoryLayout<PackedCell>.size == 8)
        #expect(MemoryLayout<PackedCell>.stride == 8)
        #expect(PackedCell.isPlainMemory)
    }

    @Test("a cell wider than two is stored two wide, and its text and style are kept")
    func widthsAreClamped() {
        var b = Buffer(columns: 4, rows: 1)
        b[1, 0] = Cell("x", width: 200, style: Style(foreground: .palette(9), italic: true))
        #expect(b[1, 0] == Cell("x", width: 2, style: Style(foreground: .palette(9), italic: true)))
        b[2, 0] = Cell("", width: 0)
        #expect(b[2, 0].isContinuation)
    }

    @Test("long clusters round-trip, and buffers compare by what they show, not by side-table index")
    func clustersRoundTrip() {
        let family = "👨‍👩‍👧‍👦", accent = "e\u{301}"
        var a = Buffer(columns: 10, rows: 1), b = Buffer(columns: 10, rows: 1)
        a.draw(family + accent, column: 0, row: 0)
        // The same clusters added to b's table in the other order.
        b.draw(accent, column: 2, row: 0)
        b.draw(family, column: 0, row: 0)
        #expect(a[0, 0].text == family && a[0, 0].width == 2 && a[1, 0].isContinuation)
        #expect(a[2, 0].text == accent)
        #expect(a.clusters != b.clusters)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a.rowEqual(0, as: b, 0, width: 10))
        b.draw("a\u{300}", column: 2, row: 0)
        #expect(a != b)
        #expect(!a.rowEqual(0, as: b, 0, width: 10))
        // A cell built by hand keeps every scalar it was given.
        a[5, 0] = Cell("ab\u{301}c", width: 1)
        #expect(a[5, 0].text == "ab\u{301}c")
    }

    @Test("the side table of long clusters stays small however often cells are redrawn")
    func sideTableStaysSmall() {
        var b = Buffer(columns: 4, rows: 1)
        for i in 0..<10_000 { b.draw(i % 2 == 0 ? "👍🏽" : "🇫🇷", column: 0, row: 0) }
        #expect(b.clusters.count <= 64)
        #expect(b[0, 0].text == "🇫🇷")
        b.clear()
        #expect(b.clusters.isEmpty && b[0, 0].text == " ")
    }

    @Test("LT-06: text of standalone code points draws as the cluster-by-cluster path draws it", arguments: [
        "Résumé — naïve café…", "中文字符と한국어 wide", "│ ▲ ▼ ▁▂▃ ─", "ＦＵＬＬ width", "ΑΒΓ абв",
    ])
    func standaloneDrawMatchesClusterPath(_ text: String) {
        for (column, clipWidth) in [(0, 30), (-3, 12), (5, 6), (2, 7)] {
            let clip = CellRect(column: 0, row: 0, columns: clipWidth, rows: 1)
            var fast = Buffer(columns: 30, rows: 1), slow = Buffer(columns: 30, rows: 1)
            let end = fast.draw(text, column: column, row: 0, clip: clip)
            // An emoji far past the clip sends the whole text down the cluster-by-cluster path.
            slow.draw(text + String(repeating: " ", count: 40) + "👍🏽", column: column, row: 0, clip: clip)
            #expect(fast == slow, "\(text) at \(column) clipped to \(clipWidth)")
            #expect(end >= column)
        }
    }

    @Test("text that stops standing alone part-way draws as clusters from its start")
    func standaloneThenClusters() {
        var b = Buffer(columns: 8, rows: 1)
        b.draw("xxxxxxxx", column: 0, row: 0)
        #expect(b.draw("ab\u{301}c中", column: 0, row: 0) == 5)
        #expect((0..<6).map { b[$0, 0].text } == ["a", "b\u{301}", "c", "中", "", "x"])
        // The mark lies past the clip: the visible part is the same, and nothing joins a cell
        // it should not.
        var clipped = Buffer(columns: 8, rows: 1)
        clipped.draw("中文e\u{301}", column: 0, row: 0, clip: CellRect(column: 0, row: 0, columns: 3, rows: 1))
        #expect((0..<4).map { clipped[$0, 0].text } == ["中", "", " ", " "])
    }

    @Test("clear blanks every cell, in the default blank or any other, and forgets the side table")
    func clearBlanks() {
        var b = Buffer(columns: 7, rows: 3)
        b.draw("ab👍🏽中", column: 1, row: 1, style: Style(bold: true))
        b.clear()
        #expect(b == Buffer(columns: 7, rows: 3) && b.clusters.isEmpty)
        let dot = Cell("·", style: Style(foreground: .ansi(2)))
        b.clear(with: dot)
        #expect(b == Buffer(columns: 7, rows: 3, fill: dot))
    }

    @Test("a renderer hands back the buffer of the frame before last, blank, and a new one when the size changes")
    func nextBufferIsBlank() {
        var renderer = Renderer(colorMode: .palette256)
        for first in 0..<3 {
            var frame = renderer.nextBuffer(columns: 120, rows: 40)
            #expect(frame == Buffer(columns: 120, rows: 40), "frame \(first) starts blank")
            // Drawn into, so that a buffer handed back later has something to clear.
            frame.fill(frame.area, with: Cell("x", style: Style(background: .palette(236))))
            frame.draw("frame \(first) 👍🏽", column: 0, row: first)
            _ = renderer.render(frame)
        }
        let resized = renderer.nextBuffer(columns: 80, rows: 24)
        #expect(resized.columns == 80 && resized.rows == 24 && resized == Buffer(columns: 80, rows: 24))
    }

    @Test("copied rows keep their clusters and never leave half a wide character")
    func copyCells() {
        var source = Buffer(columns: 6, rows: 1)
        source.draw("中👍🏽ab", column: 0, row: 0)
        var target = Buffer(columns: 6, rows: 2)
        target.copyCells(of: 0, from: source, to: 1, column: 0)
        #expect(target.text(ofRow: 1) == source.text(ofRow: 0))
        // Starting inside the first wide character: its second half becomes a space.
        target.copyCells(of: 0, from: source, to: 0, column: 0, sourceColumn: 1, width: 3)
        #expect(!target[0, 0].isContinuation && target[0, 0].text == " ")
        #expect(target[1, 0].text == "👍🏽")
    }

    /// True when both frames show the same; otherwise records the first row that differs.
    private func same(_ a: Buffer, _ b: Buffer) -> Bool {
        guard let y = (0..<a.rows).first(where: { !a.rowEqual($0, as: b, $0, width: a.columns) }) else { return a == b }
        Issue.record("row \(y): \(a.text(ofRow: y)) | \(b.text(ofRow: y)) || \((0..<5).map { a.text(ofRow: $0).prefix(30) })")
        return false
    }

    /// A five-column table of generated rows whose text carries `generation`.
    private func table(rows: Int, generation: Int) -> TableState<Int> {
        TableState(rows: GeneratedRows(count: rows) { $0 }, columns: (0..<5).map { c in
            TableColumn("Column \(c)", width: .clamping(min: 40, ideal: 160)) { .string("g\(generation) row \($0) col \(c)") }
        })
    }

    private func frame(_ view: inout TableView<Int>, at time: Double = 0) -> Buffer {
        var buffer = Buffer(columns: 120, rows: 40)
        view.render(in: buffer.area, into: &buffer, at: time)
        return buffer
    }

    @Test("SV-06: a table scrolled by a row draws the same frame as one drawn afresh, and notes the move for the renderer")
    func reusedRowsMatchAFreshDraw() throws {
        var view = TableView(table(rows: 10_000, generation: 1))
        _ = frame(&view)
        for step in 1...5 {
            view.table.list.scroll.perform(.lineDown, animated: false, time: Double(step))
            let reused = frame(&view, at: Double(step))
            var fresh = TableView(view.table)
            #expect(same(reused, frame(&fresh, at: Double(step))), "after \(step) rows")
            #expect(reused.movedRows == [Buffer.MovedRows(top: 1, bottom: 39, distance: 1)])
        }
        // Back and forth: kept rows end up in other lines of the keep, and each is found again.
        let moves: [(ScrollCommand, Int)] = [(.lineUp, -1), (.lineUp, -1), (.lineDown, 1), (.pageDown, 0), (.lineUp, -1), (.lineDown, 1), (.lineDown, 1)]
        for (step, (command, distance)) in moves.enumerated() {
            let time = Double(10 + step)
            view.table.list.scroll.perform(command, animated: false, time: time)
            let reused = frame(&view, at: time)
            var fresh = TableView(view.table)
            #expect(same(reused, frame(&fresh, at: time)), "after \(command)")
            if distance != 0 { #expect(reused.movedRows == [Buffer.MovedRows(top: 1, bottom: 39, distance: distance)], "after \(command)") }
        }
    }

    @Test("rows are drawn again when the rows, their order, their style or the columns change")
    func changesInvalidateKeptRows() throws {
        var view = TableView(table(rows: 1_000, generation: 1))
        let first = frame(&view)
        #expect(first.text(ofRow: 1).contains("g1 row 0"))
        // A table built separately, with the same history: nothing drawn for the old one is kept.
        view.table = TableView(table(rows: 1_000, generation: 2)).table
        #expect(frame(&view).text(ofRow: 1).contains("g2 row 0"))
        // A new order.
        try view.table.chooseHeading(0)
        try view.table.chooseHeading(0)
        let sorted = frame(&view)
        #expect(!sorted.text(ofRow: 1).contains("g2 row 0 "))
        var fresh = TableView(view.table)
        #expect(same(sorted, frame(&fresh)))
        // A selected row takes the selection's style.
        try view.table.list.select(IndexPath(row: 2, section: 0))
        let selected = frame(&view)
        fresh = TableView(view.table)
        #expect(same(selected, frame(&fresh)))
        // A moved column.
        try view.table.moveColumn(1, to: 3)
        let moved = frame(&view)
        fresh = TableView(view.table)
        #expect(same(moved, frame(&fresh)))
    }

    @Test("SV-06: a noted one-row scroll reaches the terminal as a scroll region and a row, and the screen matches")
    func notedScrollIsUsed() {
        var view = TableView(table(rows: 10_000, generation: 1))
        var renderer = Renderer(colorMode: .palette256)
        var screen = VirtualScreen(columns: 120, rows: 40)
        screen.apply(renderer.render(frame(&view)))
        for step in 1...3 {
            view.table.list.scroll.perform(.lineDown, animated: false, time: Double(step))
            let next = frame(&view, at: Double(step))
            let bytes = renderer.render(next)
            screen.apply(bytes)
            #expect(screen.buffer == next)
            #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2;40r"), "a scroll region over the rows")
            #expect(bytes.count < 400, "\(bytes.count) bytes; redrawing the rows would take over 4,000")
        }
    }
}
