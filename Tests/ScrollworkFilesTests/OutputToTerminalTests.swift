#if canImport(Glibc)
import Glibc
#endif
import ScrollworkTestSupport
import Testing
@testable import ScrollworkFiles

/// A save written to a terminal (`--output -` at a prompt, `--output /dev/tty`): values from a
/// file are data there, never escape sequences the terminal obeys.
@Suite struct OutputToTerminalTests {
    @Test("a save to a terminal shows escapes, bells and carriage returns as pictures, a character cut between writes whole")
    func saveToATerminalShowsControlsAsPictures() throws {
        let terminal = try PseudoTerminal()
        let file = try OutputFile(path: terminal.path)
        try file.write(Array("a,b\n\u{1B}]0;pwned\u{07},\u{1B}[2J\r".utf8) + [0xE2, 0x82])
        try file.write([0xAC] + Array("\n".utf8))
        try file.finish()
        let shown = String(decoding: terminal.received(), as: UTF8.self)
        #expect(!shown.utf8.contains(0x1B) && !shown.utf8.contains(0x07), "\(shown.debugDescription)")
        // The terminal's line discipline writes each line end as CR LF.
        #expect(shown == "a,b\r\n␛]0;pwned␇,␛[2J␍€\r\n", "\(shown.debugDescription)")
    }

    @Test("a save to a file or a pipe keeps every byte as the view has it")
    func saveToAFileKeepsTheBytes() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let file = try OutputFile(path: "/dev/fd/\(ends[1])")
        let bytes = Array("\u{1B}[31mred\u{07}\r\n".utf8)
        try file.write(bytes)
        try file.finish()
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(ends[0], &buffer, buffer.count)
        #expect(Array(buffer[..<max(0, n)]) == bytes)
    }
}
