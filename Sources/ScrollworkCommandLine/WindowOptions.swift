import ArgumentParser
import Scrollwork
import ScrollworkWidgets
#if Window
import ScrollworkPixels
#endif

/// The options of a desktop window, the gallery's and `scrollwork open`'s: whether to open one,
/// its size, scale and appearance.
struct WindowOptions: ParsableArguments {
    @Flag(help: "Open in a desktop window (SDL2), drawn by the pixel host at its true metrics, with a desktop app's keys (in a scrollwork built with --traits Window).")
    var window = false

    @Option(name: .customLong("window-size"), help: "With --window: its size in points, WIDTHxHEIGHT (64–8000 each).")
    var windowSize: String = "960x640"

    @Option(parsing: .unconditional, help: "With --window: pixels per point, 0.25–8 (default: the display's).")
    var scale: Double?

    @Option(help: "With --window: light, dark, or auto: the desktop's (GTK_THEME, then the XDG portal's color-scheme; light when it says nothing).")
    var appearance: String?

    @Option(help: "With --window: the family of the window's type (default: the desktop's interface font, else Sans).")
    var font: String?

    @Option(parsing: .unconditional, help: "With --window: how much larger to set text, 0.5–3 (default: the desktop's text scaling factor, else 1).")
    var textScale: Double?

    func validate() throws {
        if let appearance {
            guard window else { throw ValidationError("--appearance is for the window (--window); a terminal keeps its own colours") }
            _ = try DisplayOptions.appearance(appearance, allowsAuto: true)
        }
        if let scale, !(scale.isFinite && (0.25...8).contains(scale)) {
            throw ValidationError("--scale must be 0.25 to 8 pixels a point; got \(scale)")
        }
        if let textScale, !(textScale.isFinite && (0.5...3).contains(textScale)) {
            throw ValidationError("--text-scale must be 0.5 to 3; got \(textScale)")
        }
        if let font, font.allSatisfy({ $0 == " " }) { throw ValidationError("--font needs a family's name, such as Cantarell") }
        if !window, font != nil || textScale != nil { throw ValidationError("--font and --text-scale are for the window (--window); a terminal keeps its own type") }
        if window { _ = try windowPoints() }
    }

    /// `--window-size` in points.
    func windowPoints() throws -> Size {
        let parts = windowSize.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], (64...8000).contains(w), (64...8000).contains(h) else {
            throw ValidationError("--window-size '\(windowSize)' must be WIDTHxHEIGHT in points, each 64 to 8000, e.g. 960x640")
        }
        return Size(width: w, height: h)
    }

    #if Window
    /// The appearance asked for, or the desktop's when `auto` (light when it says nothing).
    func resolvedAppearance(environment: [String: String]) throws -> Appearance {
        try DisplayOptions.appearance(appearance ?? "auto", allowsAuto: true) ?? DesktopAppearance.current(environment: environment) ?? .light
    }

    /// The desktop's settings with what the flags say over them.
    func settings(environment: [String: String]) -> DesktopSettings {
        var settings = DesktopSettings.current(environment: environment)
        if let font { settings.fontFamily = font }
        if let textScale { settings.textScale = textScale }
        return settings
    }

    /// Runs `app` in a window titled `title` until it quits, in `settings`' type, taking files
    /// dropped on it when `acceptsDroppedFiles`; a window that cannot open ends the program with
    /// status 2, saying to use `alternative` instead.
    func run<A: App>(_ app: inout A, title: String, appearance: Appearance, settings: DesktopSettings, framesPerSecond: Double = 60,
                     acceptsDroppedFiles: Bool = false, without alternative: String) throws {
        var window = PixelWindow(title: title, size: try windowPoints(), scale: scale)
        window.acceptsDroppedFiles = acceptsDroppedFiles
        window.palette = .standard(appearance)
        if let family = settings.fontFamily { window.style.interfaceFontFamily = family }
        if let textScale = settings.textScale { window.style.textScale = textScale }
        // A desktop with its animations off: every widget moves at once, the viewer's too.
        window.reducesMotion = settings.reducesMotion == true
        // And so on while it runs, but for what the flags fixed.
        window.followsDesktopSettings = true
        window.fixedSettings = DesktopSettings(fontFamily: font, textScale: textScale)
        window.fixedAppearance = try DisplayOptions.appearance(self.appearance ?? "auto", allowsAuto: true)
        window.openingSettings = settings
        window.framesPerSecond = framesPerSecond
        do {
            try window.run(&app)
        } catch {
            printError("scrollwork: \(error) (set DISPLAY, or use \(alternative) without --window)")
            throw ExitCode(2)
        }
    }
    #endif
}
