import ArgumentParser
import Scrollwork
import ScrollworkGallery
import ScrollworkTerminal
import ScrollworkWidgets

/// What the tests and benchmarks need of a running Scrollwork program and the shipped
/// `scrollwork` must not carry: frame workloads to count instructions of, and a gallery that
/// crashes on purpose to prove the terminal is given back.
@main
struct Hooks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollwork-hooks",
        abstract: "Test and benchmark hooks around the Scrollwork gallery (not part of the scrollwork command).",
        subcommands: [Frames.self, Crash.self, SortFile.self, SearchFile.self] + windowCommands
    )

    /// The workloads that need a window, built with the Window trait.
    #if Window
    static let windowCommands: [ParsableCommand.Type] = [WindowFrames.self]
    #else
    static let windowCommands: [ParsableCommand.Type] = []
    #endif
}

/// The terminal gallery, which crashes when "!" is typed.
struct Crash: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the terminal gallery; typing ! crashes it as KIND says, to prove the terminal is restored.")

    @Argument(help: "How to crash: trap, segv or abort.")
    var kind: String

    func validate() throws {
        guard ["trap", "segv", "abort"].contains(kind) else { throw ValidationError("unknown crash '\(kind)'; use trap, segv or abort") }
    }

    func run() throws {
        let environment = processEnvironment()
        let mode = ColorMode.detect(environment: environment)
        let style = GalleryStyle(theme: .standard(for: mode), colorMode: mode, idiom: .iOS)
        var app = CrashingApp(base: GalleryApp(page: .scrollView, style: style), kind: kind)
        EventLoop(colorMode: mode).run(&app, session: try TerminalSession(environment: environment))
    }
}

/// `base`, except that the "!" key crashes the program as `kind` says.
struct CrashingApp<Base: App>: App {
    var base: Base
    let kind: String

    mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        if case .key(KeyEvent(.character("!"))) = event { TestCrash.crash(kind) }
        return base.handle(event, at: time)
    }
    mutating func tick(at time: Double) -> [Effect] { base.tick(at: time) }
    mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] { base.render(into: &canvas, at: time) }
    var isAnimating: Bool { mutating get { base.isAnimating } }
    var wakeTime: Double? { mutating get { base.wakeTime } }
    var wantsQuit: Bool { mutating get { base.wantsQuit } }
    var cursorPosition: Point? { mutating get { base.cursorPosition } }
    var accessibility: AccessibilityElement? { mutating get { base.accessibility } }
}
