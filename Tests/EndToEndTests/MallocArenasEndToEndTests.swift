import Foundation
import Testing

/// The program asks glibc's malloc for two arenas before anything else (freed memory of the
/// worker threads' own arenas was kept: a viewer's sort of 20,000,000 texts peaked at 241 MB,
/// 173 MB with two), and leaves a MALLOC_ARENA_MAX of the person's own alone.
@Suite struct MallocArenasEndToEndTests {
    @Test("scrollwork sets two malloc arenas at start, unless MALLOC_ARENA_MAX says otherwise", .enabled(if: Self.compiler != nil, "no C compiler"))
    func twoArenas() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-arenas-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A mallopt in front of glibc's that says what it was asked, then hands it on.
        try Data("""
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <stdio.h>
            int mallopt(int param, int value) {
                int (*real)(int, int) = (int (*)(int, int))dlsym(RTLD_NEXT, "mallopt");
                fprintf(stderr, "mallopt(%d, %d)\\n", param, value);
                return real ? real(param, value) : 0;
            }
            """.utf8).write(to: URL(fileURLWithPath: directory + "/spy.c"))
        let compiler = try #require(Self.compiler)
        let built = try Tmux.run([compiler, "-shared", "-fPIC", "-o", directory + "/spy.so", directory + "/spy.c", "-ldl"])
        #expect(built.status == 0, "\(built)")
        let table = directory + "/t.csv"
        try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: table))
        let arguments = ["open", table, "--frequency", "a", "--output", "-"]
        // M_ARENA_MAX is -8 in glibc's <malloc.h>.
        let run = try ProgramRun(arguments, environment: ["LD_PRELOAD": directory + "/spy.so"])
        #expect(run.status == 0 && run.errors.contains("mallopt(-8, 2)") && run.output.hasPrefix("value,count,percent"), "\(run.errors)")
        let own = try ProgramRun(arguments, environment: ["LD_PRELOAD": directory + "/spy.so", "MALLOC_ARENA_MAX": "4"])
        #expect(own.status == 0 && !own.errors.contains("mallopt(-8"), "\(own.errors)")
    }

    /// The C compiler the test command checks for, if any.
    static let compiler: String? = ["/usr/bin/cc", "/usr/bin/clang", "/usr/bin/gcc"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
