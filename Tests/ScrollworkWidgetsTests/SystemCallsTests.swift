import Glibc
@testable import ScrollworkWidgets
import Testing

/// The system calls over arrays: every range clamped to the array, so that no caller can make
/// one read or write outside it.
@Suite struct SystemCallsTests {
    /// A pipe, both ends closed after `body`.
    private func withPipe(_ body: (_ reader: Int32, _ writer: Int32) -> Void) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { Issue.record("no pipe"); return }
        defer { close(fds[0]); close(fds[1]) }
        body(fds[0], fds[1])
    }

    @Test("a write sends only the range asked, clamped to the array; an empty or reversed range sends nothing")
    func writeRanges() {
        withPipe { reader, writer in
            let bytes: [UInt8] = Array("abcdef".utf8)
            #expect(systemWrite(writer, bytes, from: 2, to: 4) == 2)
            #expect(systemWrite(writer, bytes, from: 5, to: 100) == 1)
            for (from, to) in [(-1, 3), (4, 2), (6, nil), (Int.max, nil), (Int.min, Int.max), (0, Int.min)] as [(Int, Int?)] {
                #expect(systemWrite(writer, bytes, from: from, to: to) == 0, "\(from)..<\(to.map(String.init) ?? "end")")
            }
            var got = [UInt8](repeating: 0, count: 16)
            let n = systemRead(reader, into: &got)
            #expect(Array(got.prefix(Swift.max(0, n))) == Array("cdf".utf8))
        }
    }

    @Test("a read fills no more than the array or the count asked; a negative offset is refused, a count past the array clamped")
    func readRanges() {
        withPipe { reader, writer in
            var empty: [UInt8] = []
            #expect(systemRead(reader, into: &empty) == 0)
            var small = [UInt8](repeating: 0, count: 2)
            #expect(systemRead(reader, into: &small, count: Int.max, at: -1) == -1 && errno == EINVAL)
            #expect(systemRead(reader, into: &small, count: Int.min, at: 0) == 0)
            _ = systemWrite(writer, Array("xyz".utf8))
            #expect(systemRead(reader, into: &small) == 2 && small == Array("xy".utf8))
        }
    }

    @Test("poll says which descriptor is ready, and an error's text is the system's")
    func pollAndErrorText() {
        withPipe { reader, writer in
            var watched = [pollfd(fd: reader, events: Int16(POLLIN), revents: 0)]
            #expect(systemPoll(&watched, milliseconds: 0) == 0)
            _ = systemWrite(writer, [1])
            #expect(systemPoll(&watched, milliseconds: 0) == 1 && watched[0].revents & Int16(POLLIN) != 0)
            var none: [pollfd] = []
            #expect(systemPoll(&none, milliseconds: 0) == 0)
        }
        #expect(systemErrorText(ENOENT) == "No such file or directory")
        #expect(!systemErrorText(Int32.max).isEmpty && !systemErrorText(Int32.min).isEmpty)
    }
}
