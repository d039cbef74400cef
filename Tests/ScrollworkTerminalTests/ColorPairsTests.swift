import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

/// Cells hold their colours as a number in their buffer's table of colour pairs: buffers that
/// number the same colours differently still compare, copy and render by the colours.
@Suite struct ColorPairsTests {
    static let red = Style(foreground: .rgb(200, 0, 0), background: .palette(236))
    static let blue = Style(foreground: .ansi(4), bold: true)
    static let green = Style(background: .rgb(0, 90, 0), underline: true)

    /// The same three words in three styles, the styles met in the order given.
    static func words(_ order: [Style]) -> Buffer {
        var b = Buffer(columns: 12, rows: 1)
        // Each style drawn once first where it is overwritten later, so the table meets them in `order`.
        for style in order { b.draw(" ", column: 11, row: 0, style: style) }
        b.draw("ab", column: 0, row: 0, style: red)
        b.draw("cd", column: 3, row: 0, style: blue)
        b.draw("ef", column: 6, row: 0, style: green)
        b.draw(" ", column: 11, row: 0)
        return b
    }

    @Test("cells whose colours two buffers number differently compare, hash and copy by their colours")
    func differentNumbersSameColours() {
        let a = Self.words([Self.red, Self.blue, Self.green]), b = Self.words([Self.green, Self.blue, Self.red])
        #expect(a.colors.pairs != b.colors.pairs)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a.rowEqual(0, as: b, 0, width: 12))
        #expect(b[0, 0].style == Self.red && b[3, 0].style == Self.blue && b[6, 0].style == Self.green)
        // Copied into a buffer that numbered yet another colour first, the cells keep their colours.
        var c = Buffer(columns: 12, rows: 1)
        c.draw("x", column: 0, row: 0, style: Style(background: .ansi(3)))
        c.copyCells(of: 0, from: b, to: 0, column: 0)
        #expect(c == a)
        var d = a
        d.draw("e", column: 6, row: 0, style: Self.blue)
        #expect(d != b && !d.rowEqual(0, as: b, 0, width: 12))
    }

    @Test("a frame numbered otherwise than the screen renders by its colours: unchanged writes nothing, a change shows exactly")
    func framesNumberedOtherwiseRenderExactly() {
        var r = Renderer(colorMode: .trueColor)
        var vs = VirtualScreen(columns: 12, rows: 1)
        vs.apply(r.render(Self.words([Self.red, Self.blue, Self.green])))
        #expect(r.render(Self.words([Self.green, Self.red, Self.blue])).isEmpty)
        var changed = Self.words([Self.blue, Self.green, Self.red])
        changed.draw("zz", column: 3, row: 0, style: Self.green)
        vs.apply(r.render(changed))
        #expect(vs.buffer == changed)
    }

    @Test("any frames drawn in fresh buffers, their styles met in any order, are shown exactly")
    func anyNumberingRendersExactly() async {
        let styles: [Style] = [.plain, Self.red, Self.blue, Self.green, Style(foreground: .palette(9), reverse: true), Style(background: .rgb(1, 2, 3))]
        let step = zip(Gen.int(in: 0...5), Gen.int(in: 0...15), Gen.int(in: 0...3))
        await propertyCheck(count: 150, input: step.array(of: 1...10).array(of: 1...5)) { frames in
            var r = Renderer(colorMode: .trueColor)
            var vs = VirtualScreen(columns: 16, rows: 4)
            for steps in frames {
                var frame = r.nextBuffer(columns: 16, rows: 4)
                for (s, x, y) in steps { frame.draw("ab", column: x, row: y, style: styles[s]) }
                vs.apply(r.render(frame))
                #expect(vs.buffer == frame, "screen:\n\(vs.buffer.text)\nframe:\n\(frame.text)")
                // A buffer made anew each frame numbers its colours in the order it meets them.
                var fresh = Buffer(columns: 16, rows: 4)
                for (s, x, y) in steps.reversed() { fresh.draw("cd", column: 15 - x, row: 3 - y, style: styles[s]) }
                vs.apply(r.render(fresh))
                #expect(vs.buffer == fresh, "screen:\n\(vs.buffer.text)\nframe:\n\(fresh.text)")
            }
        }
    }

    @Test("a renderer's next frame numbers colours as the screen does, so its rows compare as memory")
    func nextFrameNumbersAsTheScreen() {
        var r = Renderer(colorMode: .trueColor)
        _ = r.render(Self.words([Self.green, Self.blue, Self.red]))
        _ = r.render(Self.words([Self.red, Self.blue, Self.green]))
        // The buffer of the frame before last comes back numbered as the last frame was.
        let next = r.nextBuffer(columns: 12, rows: 1)
        #expect(next.colors.extends(Self.words([Self.red, Self.blue, Self.green]).colors))
        #expect(!next.colors.extends(Self.words([Self.green, Self.blue, Self.red]).colors))
    }

    @Test("a table grown past what a clear keeps starts again, and frames after it are shown exactly")
    func longTablesStartAgain() {
        var r = Renderer(colorMode: .trueColor)
        var vs = VirtualScreen(columns: 64, rows: 40)
        var frame = r.nextBuffer(columns: 64, rows: 40)
        for i in 0..<(Buffer.colorsKept + 200) {
            frame.draw("x", column: i % 64, row: i / 64 % 40, style: Style(background: .rgb(UInt8(i % 256), UInt8(i / 256), 7)))
        }
        #expect(frame.colors.count > Buffer.colorsKept)
        vs.apply(r.render(frame))
        #expect(vs.buffer == frame)
        _ = r.render(frame)
        var next = r.nextBuffer(columns: 64, rows: 40)
        #expect(next.colors.count == 1)
        next.draw("after", column: 3, row: 5, style: Self.green)
        vs.apply(r.render(next))
        #expect(vs.buffer == next)
    }

    @Test("a full table is rebuilt from the pairs its cells use: every cell keeps the colours it was drawn in")
    func fullTablesAreRebuilt() {
        var b = Buffer(columns: 4, rows: 1, colorCapacity: 8)
        var shown: [Style] = Array(repeating: .plain, count: 4)
        for i in 0..<50 {
            let style = Style(foreground: .palette(UInt8(i)), background: .rgb(UInt8(i), 0, 0))
            b.draw("q", column: i % 4, row: 0, style: style)
            shown[i % 4] = style
            #expect(b.colors.count <= 8)
            #expect((0..<4).map { b[$0, 0].style } == shown, "after \(i + 1) colours")
        }
    }

    @Test("an area kept by a canvas is copied back in its own colours into a frame that numbers them otherwise")
    func keptAreasKeepTheirColours() {
        var cache = DrawnArea<Int>()
        let area = Rect(x: 0, y: 0, width: 48, height: 16)
        func frame(numberingFirst styles: [Style]) -> Buffer {
            var canvas = Canvas(cells: Buffer(columns: 10, rows: 2))
            for (i, style) in styles.enumerated() { canvas.cells.draw("-", column: 9, row: 1, style: style); _ = i }
            canvas.reusing(&cache, key: 1, in: area, idiom: .iOS) { c in
                c.text("kept", at: Point(x: 0, y: 0), style: Self.red)
            }
            return canvas.cells
        }
        let first = frame(numberingFirst: [])
        let second = frame(numberingFirst: [Self.blue, Self.green])
        #expect(second.colors.pairs != first.colors.pairs)
        #expect((0..<4).allSatisfy { second[$0, 0].style == Self.red && second[$0, 0] == first[$0, 0] })
    }
}
