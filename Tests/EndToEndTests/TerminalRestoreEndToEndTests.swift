import Foundation
import Testing

/// A crash, a fatal signal or a suspension must leave the terminal as the shell had it.
@Suite(.enabled(if: Tmux.isAvailable), .serialized) struct TerminalRestoreEndToEndTests {
    // A sanitizer takes the fatal signals itself (its report, its exit status): not under one.
    @Test("a crash gives the terminal back: trap, bad memory access, abort", .enabled(if: ProcessInfo.processInfo.environment["SCROLLWORK_SANITIZE"] == nil),
          arguments: [("trap", "132"), ("segv", "139"), ("abort", "134")])
    func crashRestoresTheTerminal(kind: String, status: String) throws {
        // The runtime's crash report would otherwise wait 30 s for a key on a terminal.
        let t = try Tmux("env SWIFT_BACKTRACE=interactive=no " + Tmux.hooks + " crash \(kind)")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        t.keys("!")
        #expect(t.wait { $0.contains("DONE") })
        #expect(t.file("status") == status)
        #expect(t.terminalProblems() == [])
    }

    @Test("SIGQUIT quits cleanly and gives the terminal back")
    func sigquitRestoresTheTerminal() throws {
        let t = try Tmux(Tmux.scrollwork + " --fps 58.5")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        let pid = try #require(t.programPID())
        kill(pid, SIGQUIT)
        #expect(t.wait { $0.contains("DONE") })
        #expect(t.file("status") == "131")
        #expect(t.terminalProblems() == [])
    }

    @Test("SIGTERM sent the moment the program starts is never lost: it quits and gives the terminal back, however early it comes")
    func earlySigtermQuits() throws {
        for _ in 0..<4 {
            let t = try Tmux(Tmux.scrollwork + " open docs/examples/cities.csv")
            defer { t.shutDown() }
            var pid: Int32? = nil
            for _ in 0..<2000 where pid == nil {
                pid = t.programPID()
                if pid == nil { usleep(1000) }
            }
            try kill(#require(pid), SIGTERM)
            #expect(t.wait { $0.contains("DONE") }, "the program went on after SIGTERM")
            #expect(t.file("status") == "143")
            #expect(t.terminalProblems() == [])
        }
    }

    @Test("the Ctrl-Z key suspends like less and vim; fg takes the terminal again and redraws")
    func controlZSuspends() throws {
        let t = try Tmux(Tmux.scrollwork + " --fps 56.5", jobControl: true)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        let before = try #require(t.file("before"))
        t.keys("C-z")
        #expect(t.wait { _ in !t.alternateScreen() })
        #expect(t.flag("cursor_flag") == "1" && t.flag("mouse_any_flag") == "0" && t.flag("mouse_button_flag") == "0")
        let stopped = try Tmux.run(["stty", "-g", "-F", t.tty()]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(stopped == before)
        t.resume()
        #expect(t.wait { _ in t.alternateScreen() })
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
        #expect(t.file("status") == "0")
        #expect(t.terminalProblems() == [])
    }
}
