import Foundation
import Testing

/// `scrollwork open` on things that are files only in name: a `/proc` file that says it is empty
/// and makes its text when read, and devices that never end.
@Suite struct FilesThatAreNotFilesEndToEndTests {
    @Test("a /proc file, which says it is empty, is read to its end: its lines, not 'the file is empty'")
    func procFileIsRead() throws {
        let status = try ProgramRun(["open", "/proc/self/status", "--separator", ":", "--no-header", "--columns", "1", "--output", "-"])
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.output.contains("\nName\n") && status.output.contains("\nPid\n"), "\(status.output)")
    }

    @Test("a batch run on a device or a pipe that never ends and is no text says so at once, instead of keeping it whole")
    func endlessBinaryStreamIsRefusedAtOnce() throws {
        let device = try ProgramRun(["open", "/dev/zero", "--frequency", "1"])
        #expect(!device.ended && device.status == 1, "\(device.errors)")
        #expect(device.errors.contains("/dev/zero: looks like a binary file"), "\(device.errors)")
        let piped = try ProgramRun(["open", "-", "--frequency", "1"], input: FileHandle(forReadingAtPath: "/dev/urandom"))
        #expect(!piped.ended && piped.status == 1, "\(piped.errors)")
        #expect(piped.errors.contains("standard input: looks like a binary file"), "\(piped.errors)")
    }
}
