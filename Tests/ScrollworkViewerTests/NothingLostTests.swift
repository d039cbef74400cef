import Foundation
import Glibc
import Scrollwork
@testable import ScrollworkFiles
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets
import ScrollworkTerminal

/// #64: saves that never destroy a file, batch runs that read all of a stream and refuse
/// damaged input, and streams that show what came without waiting for 64 KB.
@Suite struct NothingLostTests {
    /// The text of `path`, or nil when nothing is there.
    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// Writes `text` to `path`.
    static func put(_ text: String, at path: String) { _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }

    // MARK: OutputFile

    @Test("an OutputFile never replaces a file without being told, never one a view reads, and writes a device as it is")
    func outputFileKeepsWhatIsThere() throws {
        let dir = TemporaryFile(name: "source.csv", "a\n1\n")
        let target = dir.directory + "/there.csv"
        Self.put("precious\n", at: target)
        defer { unlink(target) }
        #expect(throws: FileError.exists(path: target)) { try OutputFile(path: target) }
        #expect(Self.text(target) == "precious\n")
        // Told to: the new text replaces the old once it is whole, and keeps its permissions.
        chmod(target, 0o600)
        let output = try OutputFile(path: target, replacingExisting: true)
        try output.write(Array("new\n".utf8))
        #expect(Self.text(target) == "precious\n", "nothing changes before the save is whole")
        try output.finish()
        #expect(Self.text(target) == "new\n")
        var info = stat()
        stat(target, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        // The file a view reads, by any name for it, even when told to replace.
        let source = try #require(FileIdentity(path: dir.path))
        let link = dir.directory + "/link.csv"
        symlink(dir.path, link)
        defer { unlink(link) }
        #expect(throws: FileError.readByView(path: link)) { try OutputFile(path: link, replacingExisting: true, protecting: [source]) }
        #expect(Self.text(dir.path) == "a\n1\n")
        // A link to another file: that file is replaced, the link stays a link.
        let other = dir.directory + "/other.csv"
        Self.put("old\n", at: other)
        defer { unlink(other) }
        let toOther = dir.directory + "/to-other.csv"
        symlink(other, toOther)
        defer { unlink(toOther) }
        let viaLink = try OutputFile(path: toOther, replacingExisting: true)
        try viaLink.write(Array("via link\n".utf8))
        try viaLink.finish()
        #expect(Self.text(other) == "via link\n" && FileKind(path: toOther, followingLinks: false) == .link)
        // A device is written as it is: nothing to replace, no partial file beside it.
        let null = try OutputFile(path: "/dev/null")
        try null.write(Array("gone\n".utf8))
        try null.finish()
        #expect(try ExportFormat(path: "/dev/null") == .csv)
        // No partial files are left in the folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.directory).filter { $0.contains("partial") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a file that appears at the target while a save is written is not replaced by it")
    func fileAppearingDuringSaveIsKept() throws {
        let dir = TemporaryFile(name: "x.csv", "a\n")
        let target = dir.directory + "/late.csv"
        defer { unlink(target) }
        let output = try OutputFile(path: target)
        try output.write(Array("mine\n".utf8))
        Self.put("theirs\n", at: target)
        #expect(throws: FileError.exists(path: target)) { try output.finish() }
        #expect(Self.text(target) == "theirs\n")
    }

    // MARK: Ctrl-S in a file's table

    @Test("the question before replacing a file is a question, not a field: Enter and Esc keep the file, a click on Keep or Replace answers, and a screen reader hears it with its two buttons")
    func replaceQuestionAnswersByKeyOrButton() throws {
        let file = ExploreViewerTests.file()
        let taken = file.directory + "/flights-view.csv"
        Self.put("keep me\n", at: taken)
        defer { unlink(taken) }
        var t = try ExploreViewerTests.open(file)
        func ask(_ t: inout HeadlessTerminal<TableViewer>) {
            t.send(.key(KeyEvent(.character("s"), .control)))
            t.send(.key(KeyEvent(.character("u"), .control)))
            ExploreViewerTests.answer(&t, taken)
        }
        // The last row holds the question and its buttons, the one that keeps first.
        func button(_ name: String, _ t: HeadlessTerminal<TableViewer>) -> Int? {
            let line = t.screen.text(ofRow: t.rows - 1)
            return line.range(of: " \(name) ", options: .backwards).map { line.distance(from: line.startIndex, to: $0.lowerBound) + 1 }
        }
        for key in [Key.enter, .escape] {
            ask(&t)
            #expect(t.app.screen.field == nil && t.app.screen.overlay?.question != nil)
            t.send(.key(KeyEvent(key)))
            let saved = t.runWork("save")
            #expect(t.app.screen.overlay == nil && !saved, "\(key) answers no")
            #expect(Self.text(taken) == "keep me\n" && t.app.status.contains("nothing saved"))
        }
        // Other keys are not answers: the question stays, and nothing is typed into it.
        ask(&t)
        t.type("x")
        #expect(t.app.screen.overlay?.question != nil && Self.text(taken) == "keep me\n")
        t.draw()
        let keep = try #require(button("Keep", t)), replace = try #require(button("Replace", t))
        #expect(keep < replace, "Keep, then Replace at the end, as a dialog orders them")
        // A screen reader is told the question, focused, and its buttons, each clickable.
        var app = t.app
        let question = try #require(app.accessibility?.children.last)
        #expect(question.name.contains("exists. Replace it?") && question.state.contains(.focused))
        #expect(question.children.map(\.name) == ["Keep", "Replace"] && question.children.allSatisfy { !$0.actions.isEmpty })
        // A click on Keep keeps it.
        t.send(.mouse(MouseEvent(.press, column: keep + 1, row: t.rows - 1)))
        t.send(.mouse(MouseEvent(.release, column: keep + 1, row: t.rows - 1)))
        let savedOnKeep = t.runWork("save")
        #expect(t.app.screen.overlay == nil && !savedOnKeep && Self.text(taken) == "keep me\n")
        // A click on Replace replaces it.
        ask(&t)
        t.draw()
        t.send(.mouse(MouseEvent(.press, column: replace + 1, row: t.rows - 1)))
        t.send(.mouse(MouseEvent(.release, column: replace + 1, row: t.rows - 1)))
        let saved = t.runWork("save")
        #expect(saved && Self.text(taken)?.hasPrefix("id,carrier,dep_delay,origin\n") == true)
    }

    @Test("Ctrl-S suggests a name nothing has, asks before replacing a file, keeps it on n, and never saves over the file shown")
    func saveAsksBeforeReplacing() throws {
        let file = ExploreViewerTests.file()
        let taken = file.directory + "/flights-view.csv"
        Self.put("keep me\n", at: taken)
        defer { unlink(taken); unlink(file.directory + "/flights-view-2.csv") }
        var t = try ExploreViewerTests.open(file)
        t.send(.key(KeyEvent(.character("s"), .control)))
        #expect(t.app.screen.field?.text == file.directory + "/flights-view-2.csv", "the name taken is passed over")
        // Over the file that exists: asked, and n keeps it.
        t.send(.key(KeyEvent(.character("u"), .control)))
        ExploreViewerTests.answer(&t, taken)
        #expect(t.app.screen.overlay?.question?.text.contains("exists. Replace it?") == true && t.app.screen.field == nil, "a question, not a field to type in")
        // The key alone answers, as a dialog's does: no Enter after it.
        t.type("n")
        #expect(t.app.screen.overlay == nil, "n answered the question")
        let savedOnNo = t.runWork("save")
        #expect(!savedOnNo)
        #expect(Self.text(taken) == "keep me\n" && t.app.status.contains("nothing saved"))
        // Asked again, y replaces it.
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.send(.key(KeyEvent(.character("u"), .control)))
        ExploreViewerTests.answer(&t, taken)
        t.type("y")
        let savedOnYes = t.runWork("save")
        #expect(savedOnYes)
        #expect(t.app.status.contains("saved 600 rows") && Self.text(taken)?.hasPrefix("id,carrier,dep_delay,origin\n") == true)
        // The file shown: refused at once, whatever is answered.
        let before = Self.text(file.path)
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.send(.key(KeyEvent(.character("u"), .control)))
        ExploreViewerTests.answer(&t, file.path)
        let savedOverSource = t.runWork("save")
        #expect(t.app.screen.field == nil && !savedOverSource)
        #expect(t.app.status.contains("a save never replaces it") && Self.text(file.path) == before)
    }

    // MARK: Batch runs

    /// A CSV of `count` rows (id, origin, delay), well past 64 KB.
    static func flights(_ count: Int) -> String {
        "id,origin,delay\n" + (0..<count).map { "\($0),\(["EWR", "JFK", "LGA"][($0 * 7 + $0 / 3) % 3]),\(($0 * 31) % 97)" }.joined(separator: "\n") + "\n"
    }

    /// What `recipe` writes from `opened`'s table, as text.
    static func batch(_ opened: OpenFile.Opened, _ recipe: ViewRecipe, in directory: String) throws -> String {
        guard case let .table(viewer) = opened else { throw OpenFile.Failure(description: "not a table") }
        let out = directory + "/batch-\(UInt32.random(in: 0...UInt32.max)).csv"
        defer { unlink(out) }
        _ = try TableQuery.write(viewer.source, recipe: recipe, to: out)
        return Self.text(out) ?? ""
    }

    /// `text` compressed with gzip.
    static func gzipped(_ text: String) throws -> [UInt8] {
        let zlib = try #require(Zlib.shared)
        let gzip = try #require(GzipDeflater(zlib: zlib))
        return try #require(gzip.compress(Array(text.utf8), finishing: true))
    }

    /// `bytes` written to a pipe by another thread; the pipe's read end.
    static func pipe(_ bytes: [UInt8]) -> Int32 {
        var fds: [Int32] = [0, 0]
        _ = Glibc.pipe(&fds)
        let writer = fds[1]
        Thread.detachNewThread {
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { write(writer, $0.baseAddress! + done, Swift.min(4096, bytes.count - done)) }
                if n <= 0 { break }
                done += n
            }
            close(writer)
        }
        return fds[0]
    }

    @Test("a batch run over a pipe computes from every row, as over the file, plain and gzipped, even past the memory limit")
    func batchOverPipeReadsEverything() throws {
        let text = Self.flights(20_000)
        let file = TemporaryFile(name: "flights.csv", text)
        let recipes = [ViewRecipe(frequency: "origin"), ViewRecipe(summary: true), ViewRecipe(filters: ["delay>50"], sorts: ["-delay"])]
        let compressed = try Self.gzipped(text)
        for recipe in recipes {
            let expected = try Self.batch(try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()), recipe, in: file.directory)
            #expect(expected.split(separator: "\n").count > 3)
            let piped = try StandardInput.openWhole(data: Self.pipe(Array(text.utf8)), theme: Theme())
            #expect(try Self.batch(piped, recipe, in: file.directory) == expected, "\(recipe)")
            let small = try StandardInput.openWhole(data: Self.pipe(Array(text.utf8)), theme: Theme(), memoryLimit: 100_000)
            #expect(try Self.batch(small, recipe, in: file.directory) == expected, "on disk past the memory limit: \(recipe)")
            let gzipped = try StandardInput.openWhole(data: Self.pipe(compressed), theme: Theme())
            #expect(try Self.batch(gzipped, recipe, in: file.directory) == expected, "gzipped: \(recipe)")
        }
        // --separator and --no-header reach what comes on a pipe.
        let semicolons = try StandardInput.openWhole(data: Self.pipe(Array("1;2\n3;4\n".utf8)), separator: ";", header: false, theme: Theme())
        #expect(try Self.batch(semicolons, ViewRecipe(), in: file.directory) == "Column 1,Column 2\n1,2\n3,4\n")
    }

    @Test("a batch run over damaged or cut compressed data fails with the decoder's message and writes nothing")
    func batchOverDamageFails() throws {
        let text = Self.flights(20_000)
        let compressed = try Self.gzipped(text)
        let file = TemporaryFile(name: "cut.csv.gz", bytes: Array(compressed.prefix(compressed.count / 2)))
        let out = file.directory + "/out.csv"
        for opened in [try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()),
                       try StandardInput.openWhole(data: Self.pipe(Array(compressed.prefix(compressed.count / 2))), theme: Theme())] {
            guard case let .table(viewer) = opened else { Issue.record("not a table"); continue }
            do {
                _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(frequency: "origin"), to: out)
                Issue.record("a cut gzip stream gave a frequency table")
            } catch {
                #expect(error.status == 1 && "\(error)".contains("gzip") && "\(error)".contains("nothing was written"), "\(error)")
            }
            #expect(Self.text(out) == nil)
        }
    }

    @Test("--output over a file that exists fails unless replacing is asked for; over the file read, always")
    func batchKeepsExistingFiles() throws {
        let file = TemporaryFile(name: "flights.csv", Self.flights(100))
        let target = file.directory + "/there.csv"
        Self.put("precious\n", at: target)
        defer { unlink(target) }
        let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        #expect(throws: OpenFile.Failure.self) { try TableQuery.write(viewer.source, recipe: ViewRecipe(frequency: "origin"), to: target) }
        #expect(Self.text(target) == "precious\n")
        #expect(try TableQuery.write(viewer.source, recipe: ViewRecipe(frequency: "origin"), to: target, replacingExisting: true) == 3)
        #expect(Self.text(target)?.hasPrefix("value,count,percent\n") == true)
        let source = Self.text(file.path)
        #expect(throws: OpenFile.Failure.self) { try TableQuery.write(viewer.source, recipe: ViewRecipe(), to: file.path, replacingExisting: true) }
        #expect(Self.text(file.path) == source)
    }

    // MARK: Streams

    @Test("a pipe whose writer pauses shows what came at once, and says it waits for more")
    func quietPipeShowsAtOnce() throws {
        var fds: [Int32] = [0, 0]
        _ = Glibc.pipe(&fds)
        _ = "city,n\nOslo,1\n".withCString { write(fds[1], $0, 14) }
        // The writer stays open and quiet: open must not wait for 64 KB or the end.
        let opened = try StandardInput.open(data: fds[0], theme: Theme())
        guard case let .table(viewer) = opened else { Issue.record("not a table"); return }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 10)
        #expect(t.text.contains("Oslo"))
        t.advance(by: 0.3)
        #expect(t.app.status.contains("waiting for more input"), "\(t.app.status)")
        // The rest is kept by the viewer's work (here run on this thread, so the writer ends first).
        _ = "Lima,2\n".withCString { write(fds[1], $0, 7) }
        close(fds[1])
        let spooled = t.runWork("input")
        #expect(spooled)
        t.advance(by: 1.1)
        while t.runWork("growth") {}
        t.advance(by: 0.1)
        #expect(t.text.contains("Lima") && !t.app.status.contains("waiting"), "\(t.text)")
    }
}
