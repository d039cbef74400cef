import ArgumentParser
import Scrollwork
import ScrollworkTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `scrollwork` command: the gallery of scroll views, lists, tables and page controls.
@main
struct ScrollworkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollwork",
        abstract: "Scroll views, lists, tables and page controls that follow Apple's Human Interface Guidelines, in the terminal.",
        version: scrollworkVersion,
        subcommands: [Gallery.self, Snapshot.self, Diagnostics.self],
        defaultSubcommand: Gallery.self
    )
}

/// Options every way of showing the gallery shares.
struct DisplayOptions: ParsableArguments {
    @Option(help: "The page to show: 1–7 or the start of its name (scroll, table, list, outline, page, idioms, guideline).")
    var page: String = "1"

    @Option(help: "The platform idiom: iOS, macOS, tvOS, visionOS or watchOS.")
    var idiom: String = "iOS"

    @Option(help: "Colours: auto, truecolor, 256, 16 or none (NO_COLOR is honoured with auto).")
    var color: String = "auto"

    func pageKind() throws -> GalleryApp.PageKind {
        guard let kind = GalleryApp.PageKind(argument: page) else {
            throw ValidationError("unknown page '\(page)'; use 1–7 or one of: " + GalleryApp.PageKind.allCases.map { $0.title.lowercased() }.joined(separator: ", "))
        }
        return kind
    }

    func scrollIdiom() throws -> ScrollIdiom {
        guard let found = ScrollIdiom.allCases.first(where: { "\($0)".lowercased() == idiom.lowercased() }) else {
            throw ValidationError("unknown idiom '\(idiom)'; use iOS, macOS, tvOS, visionOS or watchOS")
        }
        return found
    }

    func colorMode(environment: [String: String]) throws -> ColorMode {
        switch color.lowercased() {
        case "auto": return ColorMode.detect(environment: environment)
        case "truecolor", "24bit": return .trueColor
        case "256": return .palette256
        case "16": return .ansi16
        case "none": return .none
        default: throw ValidationError("unknown colour mode '\(color)'; use auto, truecolor, 256, 16 or none")
        }
    }

    func style(environment: [String: String]) throws -> GalleryStyle {
        let mode = try colorMode(environment: environment)
        return GalleryStyle(theme: .standard(for: mode), colorMode: mode, idiom: try scrollIdiom())
    }
}

/// Opens the gallery in the terminal.
struct Gallery: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the gallery (the default).")

    @OptionGroup var display: DisplayOptions

    @Option(help: "Frames per second while something moves.")
    var fps: Double = 60

    func run() throws {
        let environment = processEnvironment()
        let style = try display.style(environment: environment)
        let kind = try display.pageKind()
        let session: TerminalSession
        do {
            session = try TerminalSession(environment: environment)
        } catch {
            printError("scrollwork: \(error)")
            throw ExitCode(2)
        }
        var app = GalleryApp(page: kind, style: style)
        app.testCrash = environment["SCROLLWORK_TEST_CRASH"]
        EventLoop(framesPerSecond: fps, colorMode: style.colorMode).run(&app, session: session)
    }
}

/// Prints one frame of a page without a terminal session.
struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print one frame of a page as text, ANSI or SVG.")

    @Argument(help: "The page: 1–7 or the start of its name.")
    var page: String = "1"

    @Option(help: "The frame size, COLUMNSxROWS.")
    var size: String = "120x40"

    @Flag(help: "Print the frame with colours as ANSI escape sequences.")
    var ansi = false

    @Flag(help: "Print the frame as an SVG picture.")
    var svg = false

    @Option(help: "The platform idiom.")
    var idiom: String = "iOS"

    @Option(help: "Keys to press before the frame is taken, e.g. \"?\" for the help overlay.")
    var keys: String = ""

    func run() throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 1000, parts[1] <= 500 else {
            throw ValidationError("size '\(size)' must be COLUMNSxROWS, e.g. 120x40, each at least 1")
        }
        var display = DisplayOptions()
        display.page = page
        display.idiom = idiom
        display.color = "truecolor"
        let style = try display.style(environment: [:])
        var terminal = HeadlessTerminal(GalleryApp(page: try display.pageKind(), style: style), columns: parts[0], rows: parts[1])
        if !keys.isEmpty { terminal.type(keys) }
        terminal.advance(by: 0.5)
        if svg {
            print(SVGExport.svg(terminal.screen), terminator: "")
        } else if ansi {
            var renderer = Renderer(colorMode: .trueColor)
            renderer.usesSynchronizedOutput = false
            let bytes = renderer.render(terminal.screen)
            print(String(decoding: bytes, as: UTF8.self) + "\u{1B}[0m\u{1B}[\(parts[1]);1H")
        } else {
            print(terminal.text)
        }
    }
}

/// Lists the guideline checks the library performs.
struct Diagnostics: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List wrong configurations and the guideline diagnostics they raise.")

    func run() {
        for check in ChecksPage.checks() {
            print(check.configuration)
            for d in check.diagnostics { print("  \(d)") }
        }
    }
}

/// The process environment as a dictionary (no Foundation).
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let eq = text.firstIndex(of: "=") { result[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
        pointer += 1
    }
    return result
}

func printError(_ message: String) {
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
