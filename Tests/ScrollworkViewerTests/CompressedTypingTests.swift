import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// #71: a compressed file indexed to its end for a batch run is typed a slice at a time as it is
/// indexed (while the next text is decompressed on another core), with the same kinds as typed
/// whole: a word far down a column of numbers still makes it text.
@Suite struct CompressedTypingTests {
    @Test("typed a slice at a time, a .gz CSV's columns are the kinds the same file uncompressed has, a late word included")
    func slicesTypedAsWhole() throws {
        var lines = ["n,r,i,t"]
        for row in 0..<6_000 {
            lines.append("\(row == 5_500 ? "x" : String(row)),\(Double(row) / 4),\(row % 7),w\(row)")
        }
        let text = lines.joined(separator: "\n") + "\n"
        let compressed = TemporaryFile(name: "late-word.csv.gz", bytes: try CompressedOpenTests.gzip(text))
        let plain = TemporaryFile(name: "late-word.csv", bytes: Array(text.utf8))
        var kinds: [[FieldValues.Kind]] = []
        for (file, slice) in [(compressed, 4 << 10), (compressed, 64 << 20), (plain, 4 << 10)] {
            let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
            let whole = try #require(viewer.fileTable).indexedToEnd(concurrently: .serial, slice: slice)
            #expect(whole.fileRows.count == 6_000)
            kinds.append((0..<4).map { whole.shape.typing.kinds.kind(ofColumn: $0) })
        }
        #expect(kinds[0] == [.text, .reals, .integers, .text], "\(kinds)")
        #expect(kinds[0] == kinds[1] && kinds[0] == kinds[2], "\(kinds)")
    }
}
