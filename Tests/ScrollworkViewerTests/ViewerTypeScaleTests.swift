import Scrollwork
import ScrollworkFiles
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// A table's columns in a window whose text the desktop sets larger (its text scale).
@Suite struct ViewerTypeScaleTests {
    /// A window's canvas of 960 × 400 points whose body text is `scale` times the idiom's
    /// size, each character 0.55 of its size wide.
    static func canvas(textScale scale: Double) -> Canvas {
        let size = Size(width: 960, height: 400)
        return Canvas(cells: Buffer(columns: 120, rows: 25), metrics: CellMetrics(), size: size, pointContext: PointContext(size: size) { type in
            let sizes = type.sizes.map { $0 * scale }
            return TextMeasurer(sizes: sizes, lineHeights: sizes.map { $0 * 1.2 }, ascents: sizes,
                                advances: FontRole.allCases.map { Array(repeating: $0 == .monospaced ? 8 : 0.55 * type.size($0) * scale, count: 95) },
                                wideAdvance: FontRole.allCases.map { $0 == .monospaced ? 16 : type.size($0) * scale })
        })
    }

    @Test("LT-05: in a window whose type is wider than a terminal's cell, the columns a file's widest values sized grow to as many of its digits, so the values stay whole; at the usual size they keep their widths")
    func LT_05_columnsGrowWithTheType() throws {
        let file = TemporaryFile(name: "cities.csv", "city,country,people\nLyon,France,500000\nNice,France,340000\n")
        for scale in [1.0, 2.0] {
            guard case var .table(viewer) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
                Issue.record("a CSV opens as a table")
                return
            }
            viewer.keyConvention = .desktop
            _ = viewer.handle(.resize(columns: 120, rows: 25), at: 0)
            let made = try #require(viewer.pages.table).view.table.columns.map(\.width.ideal)
            var canvas = Self.canvas(textScale: scale)
            _ = viewer.render(into: &canvas, at: 0.1)
            let screen = try #require(viewer.pages.table)
            let widths = screen.view.table.columns.map(\.width.ideal)
            let digit = 0.55 * TypeScale.standard(for: screen.view.pointIdiom).size(.body) * scale
            for (c, column) in screen.view.table.columns.enumerated() {
                if digit <= 8 * 7 / 6 {
                    #expect(widths[c] == made[c], "\(column.title) at \(scale)")
                } else {
                    #expect(widths[c] >= (made[c] * digit / 8).rounded(.down), "\(column.title) at \(scale): \(made[c]) -> \(widths[c])")
                }
            }
        }
    }

    @Test("LT-05: a frequency table's columns, sized in characters from their values, grow with a window's larger type too; its bar keeps its width")
    func LT_05_sheetColumnsGrowWithTheType() throws {
        let table = FrequencyTable.counting(field: 0, of: StringRows((0..<50).map { ["value \($0 % 7)"] }))
        let area = Rect(x: 0, y: 0, width: 960, height: 360), status = Rect(x: 0, y: 360, width: 960, height: 40)
        var sheet = ResultSheet(frequency: try #require(table), field: 0, title: "v", of: 50, theme: Theme())
        let made = sheet.view.table.columns.map(\.width.ideal)
        var canvas = Self.canvas(textScale: 2)
        sheet.render(in: area, statusLine: status, whole: Rect(x: 0, y: 0, width: 960, height: 400), into: &canvas, at: 0)
        let digit = 0.55 * TypeScale.standard(for: sheet.view.pointIdiom).size(.body) * 2
        for (c, column) in sheet.view.table.columns.enumerated() {
            let grown = column.width.ideal >= (made[c] * digit / 8).rounded(.down)
            #expect(column.id == "bar" ? column.width.ideal == made[c] : grown, "\(column.title): \(made[c]) -> \(column.width.ideal)")
        }
    }
}
