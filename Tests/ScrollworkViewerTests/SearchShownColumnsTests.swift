import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkTestSupport
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// #67: `/` searches the columns shown: a row that holds the text only in a hidden column is
/// passed over, in a table read by name (a file) and one read by position (an SQLite view).
@Suite struct SearchShownColumnsTests {
    @Test("a file: with secret hidden, /needle passes over the row holding it only there; shown again, it is found")
    func fileSkipsHiddenColumns() throws {
        let file = TemporaryFile(name: "hidden.csv", "id,a,secret\n1,x,needle\n2,y,hay\n3,needle-too,hay\n4,z,needle\n")
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 100, rows: 12)
        FileTableTests.settle(&t)
        t.type("$-")
        #expect(!t.app.screen.view.table.columns.contains { $0.title == "secret" })
        t.type("/needle\r")
        FileTableTests.settle(&t)
        #expect(FileTableTests.focusedNumber(t) == 3, "\(t.app.status)")
        t.type("n")
        FileTableTests.settle(&t)
        #expect(FileTableTests.focusedNumber(t) == 3 && t.app.status.contains("went on from the top"), "the only match shown: \(t.app.status)")
        t.type("/hay\r")
        FileTableTests.settle(&t)
        #expect(t.app.status.contains("no row holds “hay”"), "\(t.app.status)")
        t.type("+")
        t.type("g/needle\r")
        FileTableTests.settle(&t)
        #expect(FileTableTests.focusedNumber(t) == 1, "every column shown: \(t.app.status)")
    }

    @Test("an SQLite view, read by position: with note hidden, /row 5 finds no row; shown, it finds row 5")
    func positionalSkipsHiddenColumns() throws {
        try DatabaseViewerTests.withFlights(rows: 600) { path, db in
            try db.run("CREATE VIEW v AS SELECT * FROM flights")
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            t.type("v\r")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.status(at: 0).contains("v (view) ·") == true, "\(t.app.opened?.status(at: 0) ?? "")")
            t.type("$-")
            t.type("/row 5\r")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.status(at: 0).contains("no row holds “row 5”") == true, "\(t.app.opened?.status(at: 0) ?? "")")
            t.type("+")
            t.type("/row 5\r")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.status(at: 0).contains("“row 5” in row 5") == true, "\(t.app.opened?.status(at: 0) ?? "")")
        }
    }
}
