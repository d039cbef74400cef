#if Window
// The window, built with the Window trait.
import Foundation
import ScrollworkPixels
import Testing

/// An X server of its own (Xvfb) with `scrollwork --window` in it, driven by xdotool and read
/// back by screenshots (the server's own framebuffer, cut to the window by ImageMagick): the
/// gallery as a person uses it in a window.
///
/// Waiting is unavoidable here: every wait polls and gives up after a timeout.
final class XSession {
    let display: String
    let directory: URL
    private let server: Spawned
    private var app: Spawned? = nil
    private(set) var window = ""
    private(set) var origin = (x: 0, y: 0)

    static var isAvailable: Bool {
        ["Xvfb", "xdotool", "convert", "xclip"].allSatisfy { tool in (try? Tmux.run(["sh", "-c", "command -v \(tool)"]).status) == 0 }
    }

    /// Starts an X server on a display it picks itself (`-displayfd`), once it accepts clients.
    init() throws {
        var fds: [Int32] = [0, 0]
        // Close-on-exec, as `Tmux.run`'s: only the server gets the write end, as its descriptor 3.
        guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-x-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The screen is kept in a file there (`-fbdir`), so that a screenshot reads it without
        // asking the server: `import`, which asked, now and then hung for its whole timeout. The
        // server draws no pointer into it (`-nocursor`), as a screenshot through it never had.
        server = try Spawned(["Xvfb", "-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-noreset", "-nocursor",
                              "-fbdir", directory.path], fd3: fds[1])
        close(fds[1])
        // Xvfb writes the display's number when it is ready; a closed pipe means it did not start.
        var text = "", byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != 10 { text.append(Character(Unicode.Scalar(byte))) }
        close(fds[0])
        guard let number = Int(text) else {
            try? FileManager.default.removeItem(at: directory)
            throw POSIXError(.ECHILD)
        }
        display = ":\(number)"
        // Xvfb names its display once it listens; wait until an X client gets an answer. Without
        // `-noreset` the server resets when that client (the last one) leaves, and the app,
        // connecting during the reset, was turned away ("x11 not available").
        guard wait(timeout: 20, { !x(["xdotool", "getdisplaygeometry"]).isEmpty }) else {
            shutDown()
            throw POSIXError(.ETIMEDOUT)
        }
    }

    deinit { shutDown() }

    func shutDown() {
        app?.stop()
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs an X client command and returns its output; one that hangs is killed after 20
    /// seconds and returns nothing.
    @discardableResult
    func x(_ arguments: [String]) -> String {
        (try? Tmux.run(["timeout", "20", "env", "DISPLAY=\(display)"] + arguments).output) ?? ""
    }

    /// Starts the gallery in a window, without the variables named in `unset` and with those of
    /// `set` (`NAME=value`), and waits for it to map.
    func start(_ arguments: [String], unset: [String] = [], set: [String] = []) throws {
        let without = unset.flatMap { ["-u", $0] }
        app = try Spawned(["env"] + without + ["DISPLAY=\(display)", "SDL_VIDEODRIVER=x11"] + set + [Tmux.scrollwork] + arguments,
                          errors: directory.appendingPathComponent("app-errors.txt").path)
        // A debug build starting while the other suites fill both cores can take a while; an
        // app that ended instead is reported at once.
        _ = wait(timeout: 60) {
            if self.exitStatus != nil { return true }
            return self.locate() != nil
        }
    }

    /// Finds the app's window and where it is; nil while there is none. Asked again when a
    /// window found earlier is gone: the first one found can be one the app replaces.
    @discardableResult
    func locate() -> (left: Int, top: Int, width: Int, height: Int)? {
        var found = window.isEmpty ? nil : geometry(of: window)
        if found == nil {
            window = x(["xdotool", "search", "--onlyvisible", "--name", "Scrollwork"]).split(separator: "\n").first.map(String.init) ?? ""
            found = window.isEmpty ? nil : geometry(of: window)
        }
        if let found { origin = (found.left, found.top) }
        return found
    }

    /// Where window `id` is on the screen and how big, as the server says now.
    private func geometry(of id: String) -> (left: Int, top: Int, width: Int, height: Int)? {
        let shell = x(["xdotool", "getwindowgeometry", "--shell", id])
        func value(_ key: String) -> Int? {
            shell.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        guard let left = value("X"), let top = value("Y"), let width = value("WIDTH"), let height = value("HEIGHT") else { return nil }
        return (left, top, width, height)
    }

    /// True while the app runs; its exit status once it has ended.
    var exitStatus: Int32? { app?.exitStatus }

    /// What the app wrote to its standard error, for failure messages.
    var appErrors: String {
        (try? String(contentsOf: directory.appendingPathComponent("app-errors.txt"), encoding: .utf8)) ?? ""
    }

    /// Why the window is missing, for a failed expectation.
    var startReport: String {
        "the app's exit status: \(exitStatus.map(String.init) ?? "still running"); its errors: \(appErrors)"
    }

    /// The window's contents now.
    func screenshot() throws -> PixelImage {
        guard !window.isEmpty else { throw POSIXError(.ENOENT) }
        let path = directory.appendingPathComponent("shot-\(UInt32.random(in: 0...UInt32.max)).png").path
        let screen = directory.appendingPathComponent("Xvfb_screen0").path
        // Where the window is now and how big (a test may have resized it); an X client that
        // got no answer is asked again, three times at most.
        for _ in 0..<3 {
            if let found = locate() {
                x(["convert", "xwd:" + screen, "-crop", "\(found.width)x\(found.height)+\(found.left)+\(found.top)", "+repage", "PNG32:" + path])
                if FileManager.default.fileExists(atPath: path) { break }
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return try PixelImage(png: path)
    }

    /// Moves the pointer to `x`, `y` in the window.
    func move(_ x: Int, _ y: Int) { self.x(["xdotool", "mousemove", "\(origin.x + x)", "\(origin.y + y)"]) }

    func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }
}

extension PixelImage {
    /// How many pixels in `rows` (and `columns`) differ between two images of the same size.
    func differingPixels(from other: PixelImage, rows: Range<Int>, columns: Range<Int>? = nil) -> Int {
        var count = 0
        for y in rows where y < height {
            for x in columns ?? 0..<width where abs(brightness(x: x, y: y) - other.brightness(x: x, y: y)) > 8 { count += 1 }
        }
        return count
    }

    /// The brightest channel of a pixel, 0…255.
    func brightness(x: Int, y: Int) -> Int {
        let p = pixel(x: x, y: y)
        return Int((max(p.red, p.green, p.blue) * p.alpha * 255).rounded())
    }

    /// The centres of the runs of lit pixels along row `y`, with each run's brightest pixel.
    func dots(row y: Int, in xs: Range<Int>) -> [(centre: Int, brightness: Int)] {
        var dots: [(Int, Int)] = [], start: Int? = nil, peak = 0
        // Light on what they lie on (a platter, a dark view that is not black): brighter than
        // the row's usual brightness by a sixth of the range (the dark gallery's platter is 61,
        // its dots 119, the current one 255).
        let sorted = xs.map { brightness(x: $0, y: y) }.sorted()
        let threshold = (sorted.isEmpty ? 0 : sorted[sorted.count / 2]) + 40
        for x in xs {
            let b = brightness(x: x, y: y)
            if b > threshold { if start == nil { start = x; peak = 0 }; peak = max(peak, b) } else if let s = start {
                dots.append(((s + x) / 2, peak)); start = nil
            }
        }
        return dots
    }
}

/// The tests that run desktops of their own (X servers, a screen reader): one at a time, since
/// each runs a window, its server and, for a screen reader, Orca on a two-core machine, and
/// screenshots and a screen reader's waits time out when they share it.
@Suite(.serialized) enum DesktopEndToEndTests {}

extension DesktopEndToEndTests {
    @Suite(.enabled(if: XSession.isAvailable), .serialized) struct WindowEndToEndTests {
        /// The dots of the gallery's page control (the middle of the last row of cells), and which
        /// one is the current page.
        static func galleryDots(_ shot: PixelImage) -> (centres: [Int], current: Int?) {
            let y = (shot.height / 16 - 1) * 16 + 8
            let dots = shot.dots(row: y, in: (shot.width / 2 - 100)..<(shot.width / 2 + 100))
            let brightest = dots.map(\.brightness).max()
            return (dots.map(\.centre), dots.firstIndex { $0.brightness == brightest })
        }

        @Test("SV-16: a window that moves a flick's rows on the display and sends only what changed shows the frame as drawn whole, after a flick, pages and a sort's progress", arguments: ["flick", "page-down", "sort"])
        func windowShowsWhatItDrew(workload: String) throws {
            let x = try XSession()
            defer { x.shutDown() }
            // A window the screen holds whole (1024 × 768), as reading it back needs.
            let run = try Tmux.run(["timeout", "120", "env", "DISPLAY=\(x.display)", "SDL_VIDEODRIVER=x11", Tmux.hooks, "window-frames", workload,
                                    "--width", "480", "--height", "320", "--scale", "2", "--frames", "60", "--check", "--verbose"])
            #expect(run.status == 0, "\(run.output.suffix(2000))")
            #expect(run.output.contains("on screen: 0 pixels differ from the frame drawn whole by more than 16 levels"))
            if workload == "flick" {
                // The rows moved on the display: a flick's frames send a small part of the window.
                let sent = run.output.split(separator: "\n").compactMap { line -> Int? in
                    guard line.hasPrefix("frame "), let field = line.split(separator: " ").dropFirst(2).first else { return nil }
                    return Int(field)
                }.dropFirst(20)
                #expect(!sent.isEmpty && sent.allSatisfy { $0 < 960 * 640 / 2 }, "\(Array(sent))")
            }
        }

        @Test("SV-02, SV-16, PC-12: in a window the gallery shows, flicks and settles, scrolls with the wheel, changes page by a desktop's keys and by a click on a dot, keeps the window on Ctrl+C, and quits on Ctrl+Q")
        func galleryInAWindow() throws {
            let x = try XSession()
            defer { x.shutDown() }
            // Dark: the dots are found as light pixels on the dark view. The phone's idiom, asked
            // for: its pages are reached by dots (a window's own is a desktop's, with tabs).
            try x.start(["--window", "--window-size", "800x600", "--appearance", "dark", "--idiom", "iOS"])
            try #require(!x.window.isEmpty, "the window opened (\(x.startReport))")
            var first = try x.screenshot()
            #expect(x.wait(timeout: 10) {
                first = (try? x.screenshot()) ?? first
                return first.differingPixels(from: first, rows: 0..<1) == 0 && Self.galleryDots(first).centres.count == 7
            }, "the gallery's seven page dots are drawn")
            #expect(first.width == 800 && first.height == 600)
            #expect(Self.galleryDots(first).current == 0)

            // A drag flick on the document: the text keeps moving well after the release, then
            // settles. Only the text is compared (the indicator to its right fades on its own).
            let text = (rows: 40..<540, columns: 0..<500)
            x.move(300, 450)
            x.x(["xdotool", "mousedown", "1"])
            // The moves and the release in one xdotool: started one by one under load, a process
            // could start a tenth of a second after the last move, and a finger that rests before
            // it lifts rightly flicks nothing.
            x.x(["xdotool"] + stride(from: 420, through: 180, by: -40).flatMap { y in
                ["mousemove", "\(x.origin.x + 300)", "\(x.origin.y + y)", "sleep", "0.016"]
            } + ["mouseup", "1"])
            let released = Date()
            var previous = first, changes: [Double] = [], stillFor = 0
            // Screenshots are slow while other suites fill both cores (a second each, at worst), so
            // the loop counts still pictures rather than time, up to a generous limit.
            while Date().timeIntervalSince(released) < 30, stillFor < 4 {
                let shot = try x.screenshot()
                if shot.differingPixels(from: previous, rows: text.rows, columns: text.columns) > 0 {
                    changes.append(Date().timeIntervalSince(released))
                    stillFor = 0
                } else {
                    stillFor += 1
                }
                previous = shot
            }
            // The first change is the drag itself; a second one is movement after the release.
            #expect(changes.count >= 2, "the text moved in several frames: \(changes)")
            #expect((changes.last ?? 0) > 0.3, "momentum carried it on after the release: \(changes)")
            #expect(stillFor >= 4, "the flick settled")
            let settled = previous

            // The wheel scrolls the document under the pointer.
            x.x(["xdotool", "click", "--repeat", "3", "4"])
            #expect(x.wait(timeout: 5) {
                ((try? x.screenshot())?.differingPixels(from: settled, rows: text.rows, columns: text.columns) ?? 0) > 500
            }, "the wheel scrolled")

            // A desktop app's keys: Tab only moves focus, ] is typing, Ctrl+C copies (the window
            // stays), Ctrl+Tab goes to the next page.
            for key in ["Tab", "bracketright", "ctrl+c"] { x.x(["xdotool", "key", key]) }
            #expect(!x.wait(timeout: 1) { x.exitStatus != nil }, "Ctrl+C did not end the app")
            #expect((try? x.screenshot()).map { Self.galleryDots($0).current } == 0, "Tab and ] kept the page")
            x.x(["xdotool", "key", "ctrl+Tab"])
            #expect(x.wait(timeout: 5) { (try? x.screenshot()).map { Self.galleryDots($0).current } == 1 }, "Ctrl+Tab moved to page 2")
            #expect(x.wait(timeout: 5) { x.x(["xdotool", "getwindowname", x.window]).trimmingCharacters(in: .whitespacesAndNewlines) == "Table - Scrollwork" },
                    "the window manager's title names the page: \(x.x(["xdotool", "getwindowname", x.window]))")
            #expect(x.x(["xprop", "-id", x.window, "_NET_WM_ICON"]).contains("Icon (64 x 64)"), "the window has an icon for the task switcher")
            let hints = x.x(["xprop", "-id", x.window, "WM_NORMAL_HINTS"])
            #expect(hints.contains("program specified minimum size: 360 by 294"), "the window manager is told the least size: \(hints)")

            // A click on the fifth dot goes to page 5.
            let dots = Self.galleryDots(try x.screenshot())
            #expect(dots.centres.count == 7)
            if dots.centres.count == 7 {
                let y = (600 / 16 - 1) * 16 + 8
                x.move(dots.centres[4], y)
                x.x(["xdotool", "click", "1"])
                #expect(x.wait(timeout: 5) { (try? x.screenshot()).map { Self.galleryDots($0).current } == 4 }, "the click moved to page 5")
            }

            // A smaller window: the gallery lays itself out again in fewer cells, dots and all.
            x.x(["xdotool", "windowsize", x.window, "480", "400"])
            #expect(x.wait(timeout: 5) {
                guard let shot = try? x.screenshot(), shot.width == 480, shot.height == 400 else { return false }
                return Self.galleryDots(shot).centres.count == 7
            }, "the window was resized and the gallery drawn at its new size")

            x.move(200, 200)
            x.x(["xdotool", "key", "ctrl+q"])
            #expect(x.wait(timeout: 5) { x.exitStatus != nil })
            #expect(x.exitStatus == 0)
        }

        @Test("the window is light with no preference and dark when GTK_THEME asks, as a GTK application is", arguments: [false, true])
        func followsTheDesktop(dark: Bool) throws {
            let x = try XSession()
            defer { x.shutDown() }
            try x.start(["--window", "--window-size", "480x400", "--page", "outline"],
                        unset: ["DBUS_SESSION_BUS_ADDRESS", "GTK_THEME"], set: dark ? ["GTK_THEME=Adwaita:dark"] : [])
            try #require(!x.window.isEmpty, "the window opened (\(x.startReport))")
            // The pointer away from the point sampled: the row under it is shaded.
            x.move(20, 390)
            // The middle of the right half: the outline's background, away from its rows' text.
            // Screenshots take up to a second each while the other suites fill both cores (a CI
            // run missed the 10 seconds this had): a generous limit, as the flick's.
            #expect(x.wait(timeout: 30) {
                guard let shot = try? x.screenshot() else { return false }
                let b = shot.brightness(x: 400, y: 200)
                return dark ? b < 40 : b > 215
            }, dark ? "a dark background" : "a light background")
            x.x(["xdotool", "key", "ctrl+q"])
            _ = x.wait(timeout: 5) { x.exitStatus != nil }
        }

        @Test("LT-12: the window draws the table in points: its rows are 44 points apart at a phone's width, read from the screen")
        func tableInPoints() throws {
            let x = try XSession()
            defer { x.shutDown() }
            // 600 points tall: the test's screen is 768 pixels, and a taller window would be cut.
            try x.start(["--window", "--window-size", "390x600", "--page", "table", "--appearance", "light", "--idiom", "iOS"])
            try #require(!x.window.isEmpty, "the window opened (\(x.startReport))")
            // Down the padding left of the first column, below the 32-point title bar and the 28-point header,
            // the zebra stripes change colour at each row's edge.
            var gaps: [Int] = []
            #expect(x.wait(timeout: 10) {
                guard let shot = try? x.screenshot(), shot.width == 390, shot.height == 600 else { return false }
                let edges = (32 + 28 + 2..<560).filter { y in abs(shot.brightness(x: 2, y: y) - shot.brightness(x: 2, y: y - 1)) > 3 }
                gaps = zip(edges.dropFirst(), edges).map { $0 - $1 }
                return gaps.count >= 8 && gaps.allSatisfy { $0 == 44 }
            }, "zebra stripes 44 points apart, not one 16-point cell: \(gaps)")
            x.x(["xdotool", "key", "ctrl+q"])
            _ = x.wait(timeout: 5) { x.exitStatus != nil }
        }

        @Test("LT-01: in a window the row under the pointer is shaded; a right-click selects it and opens its menu; Esc closes it; the menu's Select All, chosen with the keys, selects every row")
        func contextMenuInAWindow() throws {
            let x = try XSession()
            defer { x.shutDown() }
            try x.start(["--window", "--window-size", "480x400", "--page", "table", "--idiom", "macOS", "--appearance", "light"])
            try #require(!x.window.isEmpty, "the window opened (\(x.startReport))")
            var before = try x.screenshot()
            #expect(x.wait(timeout: 10) {
                before = (try? x.screenshot()) ?? before
                return before.width == 480 && before.brightness(x: 300, y: 300) > 200
            }, "the table is drawn, light")
            // Where the menu opens: right of and below the pointer, clear of the row clicked.
            let menu = (rows: 160..<200, columns: 200..<300)
            // Hovering shades the row under the pointer, across the table (from the header, where
            // no row is shaded).
            x.move(200, 40)
            _ = x.wait(timeout: 2) { false }
            let unshaded = try x.screenshot()
            x.move(200, 150)
            x.move(201, 151)
            // The shade is darker than a plain or a zebra row: its red falls below the row's.
            var shaded = 0
            #expect(x.wait(timeout: 5) {
                guard let shot = try? x.screenshot() else { return false }
                shaded = (148..<152).reduce(0) { count, y in
                    count + (0..<150).filter { shot.pixel(x: $0, y: y).red < unshaded.pixel(x: $0, y: y).red - 0.04 }.count
                }
                return shaded > 300
            }, "the row under the pointer is shaded: \(shaded) pixels, \(unshaded.pixel(x: 2, y: 150)) before")
            before = unshaded
            x.x(["xdotool", "click", "3"])
            #expect(x.wait(timeout: 5) { ((try? x.screenshot())?.differingPixels(from: before, rows: menu.rows, columns: menu.columns) ?? 0) > 300 },
                    "a menu is drawn at the pointer")
            x.x(["xdotool", "key", "Escape"])
            #expect(x.wait(timeout: 5) { ((try? x.screenshot())?.differingPixels(from: before, rows: menu.rows, columns: menu.columns) ?? 0) < 50 },
                    "Esc closed it")
            x.x(["xdotool", "click", "3"])
            _ = x.wait(timeout: 5) { ((try? x.screenshot())?.differingPixels(from: before, rows: menu.rows, columns: menu.columns) ?? 0) > 300 }
            for key in ["Down", "Down", "Return"] { x.x(["xdotool", "key", key]) }
            // Every row is drawn in the selection's colour: down the rows' leading padding, dark blue.
            #expect(x.wait(timeout: 10) {
                guard let shot = try? x.screenshot() else { return false }
                return stride(from: 100, to: 340, by: 12).allSatisfy { shot.brightness(x: 3, y: $0) < 235 && shot.pixel(x: 3, y: $0).blue > shot.pixel(x: 3, y: $0).red + 0.2 }
            }, "Select All selected every row")
            x.x(["xdotool", "key", "ctrl+q"])
            _ = x.wait(timeout: 5) { x.exitStatus != nil }
        }

        @Test("scrollwork open FILE --window shows the table in a window named after the file, with its menus and a desktop app's keys: Ctrl+C puts the record on the X clipboard and keeps it open, a heading's clicks sort it, Ctrl+Q quits")
        func viewerInAWindow() throws {
            let x = try XSession()
            defer { x.shutDown() }
            let csv = x.directory.appendingPathComponent("cities.csv").path
            try ("City,Country,Population\n" + (1...200).map { "City \($0),Country \($0 % 7),\($0 * 1000)" }.joined(separator: "\n") + "\n")
                .write(toFile: csv, atomically: true, encoding: .utf8)
            try x.start(["open", csv, "--window", "--window-size", "480x400", "--appearance", "light"])
            try #require(!x.window.isEmpty, "the window opened (\(x.startReport))")
            // Named as soon as it is mapped, though a slow start (a sanitized build) can show the
            // window a moment before the name reaches the X server.
            var name = ""
            #expect(x.wait(timeout: 5) {
                name = x.x(["xdotool", "getwindowname", x.window]).trimmingCharacters(in: .whitespacesAndNewlines)
                return name == "cities.csv - Scrollwork"
            }, "named after the file: \(name)")
            var before = try x.screenshot()
            #expect(x.wait(timeout: 10) {
                before = (try? x.screenshot()) ?? before
                return before.width == 480 && before.differingPixels(from: before, rows: 0..<1) == 0 && before.brightness(x: 400, y: 300) > 200
            }, "the table is drawn, light")
            let menu = (rows: 110..<150, columns: 160..<260)
            x.move(150, 100)
            x.x(["xdotool", "click", "3"])
            #expect(x.wait(timeout: 5) { ((try? x.screenshot())?.differingPixels(from: before, rows: menu.rows, columns: menu.columns) ?? 0) > 300 },
                    "a right-click opened the row's menu")
            for key in ["Escape", "ctrl+c"] { x.x(["xdotool", "key", key]) }
            #expect(!x.wait(timeout: 1) { x.exitStatus != nil }, "Ctrl+C copies in a window; it does not quit")
            var copied = ""
            #expect(x.wait(timeout: 5) {
                copied = x.x(["xclip", "-selection", "clipboard", "-o"])
                return copied.contains("City ") && copied.contains("Country ")
            }, "Ctrl+C put the selected record on the X clipboard: \(copied)")
            // Two clicks on the Population heading sort it descending, in the background (the
            // selected record stays in view); Home selects the first row, then the largest city.
            x.move(320, 14)
            x.x(["xdotool", "click", "1", "sleep", "0.8", "click", "1"])
            #expect(x.wait(timeout: 15) {
                x.x(["xdotool", "key", "Home", "key", "ctrl+c"])
                copied = x.x(["xclip", "-selection", "clipboard", "-o"])
                return copied.contains("City 200,") || copied.contains("City 200\t")
            }, "a click on a heading sorted the table, the largest first: \(copied)")
            x.x(["xdotool", "key", "ctrl+q"])
            #expect(x.wait(timeout: 5) { x.exitStatus != nil })
            #expect(x.exitStatus == 0)
        }

        /// Drags `paths` onto the app's window and drops them, as a file manager does (XDND,
        /// `XClients/drop_files.py`): "accepted", "refused", or why the drop failed.
        static func drop(_ paths: [String], on x: XSession) -> String {
            let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("XClients/drop_files.py").path
            var answer = ""
            // A window found before the app replaced it is gone by the time of the drop: it is
            // found again and the drag made again; what the client wrote to its standard error
            // comes with its answer, so that a failure says why.
            for _ in 0..<3 {
                x.locate()
                answer = x.x(["sh", "-c", "exec /usr/bin/python3 \"$0\" \"$@\" 2>&1", client, x.window] + paths).trimmingCharacters(in: .whitespacesAndNewlines)
                if answer == "refused" || answer == "accepted" { break }
            }
            return answer
        }

        @Test("a file dropped on scrollwork open's window, as a file manager drags it, opens there in place of the table, the window named after it")
        func dropOnTheViewer() throws {
            let x = try XSession()
            defer { x.shutDown() }
            let csv = x.directory.appendingPathComponent("cities.csv").path
            let notes = x.directory.appendingPathComponent("field notes.txt").path
            try "City,Country\nLyon,France\n".write(toFile: csv, atomically: true, encoding: .utf8)
            try (1...40).map { "note \($0)" }.joined(separator: "\n").write(toFile: notes, atomically: true, encoding: .utf8)
            try x.start(["open", csv, "--window", "--window-size", "480x400", "--appearance", "light"])
            try #require(!x.window.isEmpty, "the window opened (\(x.startReport))")
            let before = try x.screenshot()
            let answer = Self.drop([notes], on: x)
            #expect(answer == "accepted", "the drop client said: \(answer)")
            #expect(x.wait(timeout: 10) { x.x(["xdotool", "getwindowname", x.window]).trimmingCharacters(in: .whitespacesAndNewlines) == "field notes.txt - Scrollwork" },
                    "the window is named after the dropped file: \(x.x(["xdotool", "getwindowname", x.window])) (\(x.appErrors))")
            #expect(x.wait(timeout: 5) { ((try? x.screenshot())?.differingPixels(from: before, rows: 0..<200) ?? 0) > 500 }, "the pager replaced the table")
            x.x(["xdotool", "key", "ctrl+q"])
            #expect(x.wait(timeout: 5) { x.exitStatus != nil })
        }

        @Test("the gallery's window takes no drops: a file manager is told so before anything is dropped")
        func galleryRefusesDrops() throws {
            let x = try XSession()
            defer { x.shutDown() }
            try x.start(["--window", "--window-size", "480x400"])
            try #require(!x.window.isEmpty, "the window opened (\(x.startReport))")
            let answer = Self.drop([x.directory.path], on: x)
            #expect(answer == "refused", "the drop client said: \(answer)")
            #expect(x.exitStatus == nil)
        }

        @Test("scrollwork --window without a display says why and exits 2")
        func noDisplay() throws {
            let run = try Tmux.run(["sh", "-c", "DISPLAY=:1999 SDL_VIDEODRIVER=x11 '\(Tmux.scrollwork)' --window 2>&1; echo \"status $?\""])
            #expect(run.output.contains("could not open a window"))
            #expect(run.output.contains("status 2"))
        }
    }
}

/// A program started with no signals blocked (the test process blocks some, and a child that
/// inherited that mask would ignore SIGTERM), stopped with SIGTERM and then SIGKILL.
final class Spawned {
    let pid: pid_t
    private var status: Int32? = nil

    /// Starts `arguments`; `fd3`, when given, becomes the program's descriptor 3, and `errors`,
    /// when given, the file its standard error goes to.
    init(_ arguments: [String], fd3: Int32? = nil, errors: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let fd3 { posix_spawn_file_actions_adddup2(&actions, fd3, 3) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard let pid = Tmux.spawn(arguments, actions: &actions) else { throw POSIXError(.ENOENT) }
        self.pid = pid
    }

    deinit { stop() }

    /// The exit status once the program has ended; nil while it runs.
    var exitStatus: Int32? {
        if status == nil {
            var code: Int32 = 0
            if waitpid(pid, &code, WNOHANG) == pid { status = (code >> 8) & 0xFF }
        }
        return status
    }

    /// Ends the program: SIGTERM, and SIGKILL if it is still there after two seconds.
    func stop() {
        guard exitStatus == nil else { return }
        kill(pid, SIGTERM)
        for _ in 0..<40 where exitStatus == nil { usleep(50_000) }
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var code: Int32 = 0
            waitpid(pid, &code, 0)
            status = -1
        }
    }
}
#endif
