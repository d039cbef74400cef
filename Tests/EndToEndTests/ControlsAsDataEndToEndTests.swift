import Foundation
import Testing

/// `scrollwork open` writing to a terminal: a file's values and the arguments an error message
/// quotes reach it as data, never as escape sequences it obeys (a title set, the screen cleared).
@Suite(.serialized) struct ControlsAsDataEndToEndTests {
    /// A CSV whose values are escape sequences: a colour, a bell, a window title.
    static func controls() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("controls-\(UInt32.random(in: 0...UInt32.max)).csv").path
        try Data("a,b\n\u{1B}[31mred\u{1B}[0m,\u{07}bell\n\u{1B}]2;pwned\u{07},ok\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("--output - at a terminal shows a value's escape sequences as pictures: the window's title stays")
    func valuesReachATerminalAsData() throws {
        try #require(Tmux.isAvailable, "tmux is not installed")
        let path = try Self.controls()
        defer { unlink(path) }
        let t = try Tmux(Tmux.scrollwork + " open " + path + " --columns a,b --output -")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("DONE") })
        let screen = t.screen()
        #expect(screen.contains("␛[31mred␛[0m,␇bell") && screen.contains("␛]2;pwned␇,ok"), "\(screen)")
        #expect(!t.flag("pane_title").contains("pwned"), "the value set the window's title")
    }

    @Test("into a pipe the same values are written as the file has them")
    func valuesIntoAPipeStayAsTheyAre() throws {
        let path = try Self.controls()
        defer { unlink(path) }
        let piped = try ProgramRun(["open", path, "--columns", "a,b", "--output", "-"])
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(piped.output == "a,b\n\u{1B}[31mred\u{1B}[0m,\u{07}bell\n\u{1B}]2;pwned\u{07},ok\n", "\(piped.output.debugDescription)")
    }

    @Test("an error message quoting an argument or a file's name shows its control characters as pictures")
    func errorMessagesQuoteAsData() throws {
        let option = try ProgramRun(["open", "x.csv", "--\u{1B}]2;pwned\u{07}"])
        #expect(option.status != 0)
        #expect(!option.errors.contains("\u{1B}") && option.errors.contains("␛]2;pwned␇"), "\(option.errors.debugDescription)")
        let name = try ProgramRun(["open", "/nonexistent/\u{1B}[2Jfile.csv", "--frequency", "a"])
        #expect(name.status != 0)
        #expect(!name.errors.contains("\u{1B}") && name.errors.contains("␛[2Jfile.csv"), "\(name.errors.debugDescription)")
    }
}
