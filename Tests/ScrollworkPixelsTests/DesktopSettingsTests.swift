#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import Testing
@testable import ScrollworkPixels
import ScrollworkWidgets

/// The desktop's type, text scale, motion and contrast, read from the XDG portal as GTK reads
/// them, and the window's type set from them.
@Suite struct DesktopSettingsTests {
    static let reply = "({'org.gnome.desktop.interface': {'font-name': <'Noto Sans Bold 10'>, 'text-scaling-factor': <1.25>, "
        + "'enable-animations': <false>}, 'org.freedesktop.appearance': {'color-scheme': <uint32 1>, 'contrast': <uint32 1>}},)"

    @Test("the portal's reply gives the font's family without its size, the text scale, motion, contrast and colour scheme; what it lacks stays unsaid")
    func parsing() {
        #expect(DesktopSettings.parse(portalReply: Self.reply) == DesktopSettings(fontFamily: "Noto Sans Bold", textScale: 1.25, reducesMotion: true, highContrast: true, colorScheme: .dark))
        #expect(DesktopSettings.parse(portalReply: "({'org.gnome.desktop.interface': {'font-name': <'Cantarell 11'>, 'enable-animations': <true>}},)")
                == DesktopSettings(fontFamily: "Cantarell", reducesMotion: false))
        #expect(DesktopSettings.parse(portalReply: "({'org.gnome.desktop.interface': {'text-scaling-factor': <40.0>}},)").textScale == nil, "out of range")
        #expect(DesktopSettings.parse(portalReply: "Error: GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown") == DesktopSettings())
        #expect(DesktopSettings.current(environment: ["DISPLAY": ":0"]) == DesktopSettings(), "no bus, no question")
    }

    @Test("the portal's accent colour is read as three channels; out of range (GNOME's unset is -1) or malformed is none")
    func accentColour() {
        let reply = "({'org.freedesktop.appearance': {'accent-color': <(0.20999999999999999, 0.52000000000000002, 0.89000000000000001)>}},)"
        let accent = DesktopSettings.parse(portalReply: reply).accentColor
        #expect(accent?.red == 54 && accent?.green == 133 && accent?.blue == 227)
        for bad in ["<(-1.0, -1.0, -1.0)>", "<(0.2, 0.4)>", "<(nan, 0.1, 0.1)>", "<(2.0, 0.1, 0.1)>", "<'blue'>", "<()>"] {
            #expect(DesktopSettings.parse(portalReply: "({'org.freedesktop.appearance': {'accent-color': \(bad)}},)").accentColor == nil, "\(bad)")
        }
    }

    @Test("the arrows, page keys and bullets that keys and controls show are measured in the window's own type, not as cells (help keys ran into their descriptions); monospaced text keeps its cells")
    func symbolsMeasuredInTheType() throws {
        let image = try PixelImage(width: 200, height: 100)
        let style = PixelStyle()
        let measurer = PixelCanvas(image: image, style: style).pointContext.measurer(for: .macOS)
        let font = CellFont(family: style.interfaceFontFamily, size: 100, bold: false, italic: false, scale: 1, cellHeight: 100)
        let size = measurer.size(.body)
        for symbol in "←⇞⇟↖↘•" {
            let scalar = try #require(symbol.unicodeScalars.first)
            guard let advance = font.advance(of: scalar) else { continue }
            #expect(abs(measurer.width(of: String(symbol), font: .body) - advance * size / 100) < 1e-9, "\(symbol)")
        }
        // The page keys are wider than half the type's size, the cell guess they had.
        #expect(measurer.width(of: "⇞ ⇟", font: .body) > measurer.width(of: " ", font: .body) + size, "\(measurer.width(of: "⇞ ⇟", font: .body))")
        #expect(measurer.width(of: "←→", font: .monospaced) == 16, "monospaced symbols keep to their cells")
    }

    @Test("the window's type follows the style: another family measures differently, a text scale sets larger sizes; monospaced text keeps to the cells")
    func styleSetsTheType() throws {
        let image = try PixelImage(width: 200, height: 100)
        var style = PixelStyle()
        let plain = PixelCanvas(image: image, style: style).pointContext.measurer(for: .iOS)
        style.interfaceFontFamily = "DejaVu Serif"
        style.textScale = 1.5
        let chosen = PixelCanvas(image: image, style: style).pointContext.measurer(for: .iOS)
        #expect(chosen.size(.body) == 17 * 1.5 && plain.size(.body) == 17)
        #expect(chosen.width(of: "Scrollwork", font: .body) / 1.5 != plain.width(of: "Scrollwork", font: .body), "a serif face's advances differ from Sans'")
        // Monospaced text is set in the cell face whatever the idiom and the scale: a character a
        // cell, a line a cell, so that the pager's columns and rows fall as a terminal's do.
        for idiom in ScrollIdiom.allCases {
            let m = PixelCanvas(image: image, style: style).pointContext.measurer(for: idiom)
            #expect(m.width(of: "file.txt", font: .monospaced) == 64 && m.lineHeight(.monospaced) == 16, "\(idiom)")
            #expect(m.width(of: "日本", font: .monospaced) == 32 && m.size(.monospaced) > 0, "\(idiom)")
        }
        style.textScale = .nan
        #expect(style.textScale == 1)
        style.textScale = 40
        #expect(style.textScale == 3)
    }

    @Test("LT-05: settings the desktop changes while a window is open are followed, what the program fixed stays, and what the desktop no longer says goes back to the default")
    func LT_05_followedWhileOpen() {
        var style = PixelStyle()
        style.indicatorLight = PixelColor(1, 2, 3)
        let desktop = DesktopSettings(fontFamily: "Cantarell", textScale: 1.5, reducesMotion: true)
        let followed = PixelWindow.following(desktop, fixed: DesktopSettings(), style: style)
        #expect(followed.style.interfaceFontFamily == "Cantarell" && followed.style.textScale == 1.5 && followed.reducesMotion)
        #expect(followed.style.indicatorLight == PixelColor(1, 2, 3), "the rest of the style stays")
        let fixed = PixelWindow.following(desktop, fixed: DesktopSettings(fontFamily: "DejaVu Serif", textScale: 2), style: style)
        #expect(fixed.style.interfaceFontFamily == "DejaVu Serif" && fixed.style.textScale == 2 && fixed.reducesMotion)
        let unsaid = PixelWindow.following(DesktopSettings(), fixed: DesktopSettings(), style: followed.style)
        #expect(unsaid.style.interfaceFontFamily == PixelStyle().interfaceFontFamily && unsaid.style.textScale == 1 && !unsaid.reducesMotion)
    }

    @Test("the desktop's colour scheme, contrast and accent make a window's theme: what the program fixed first, then GTK_THEME, then the portal's colour scheme, light when none says")
    func coloursFollowTheDesktop() {
        let settings = DesktopSettings.parse(portalReply: Self.reply)
        #expect(settings.colorScheme == .dark)
        #expect(DesktopSettings.parse(portalReply: "({'org.freedesktop.appearance': {'color-scheme': <uint32 2>}},)").colorScheme == .light)
        #expect(DesktopSettings.parse(portalReply: "({'org.freedesktop.appearance': {'color-scheme': <uint32 0>}},)").colorScheme == nil)
        let desktop = PixelWindow.colours(settings, fixedAppearance: nil, environment: [:])
        #expect(desktop.appearance == .dark && desktop.theme == Theme.standard(for: .trueColor, appearance: .dark, highContrast: true))
        #expect(PixelWindow.colours(settings, fixedAppearance: .light, environment: [:]).appearance == .light)
        #expect(PixelWindow.colours(settings, fixedAppearance: nil, environment: ["GTK_THEME": "Adwaita"]).appearance == .light)
        #expect(PixelWindow.colours(DesktopSettings(), fixedAppearance: nil, environment: [:]).appearance == .light)
        let accented = PixelWindow.colours(DesktopSettings(accentColor: (200, 40, 90), colorScheme: .light), fixedAppearance: nil, environment: [:])
        #expect(accented.theme.selection.background == .rgb(200, 40, 90) && accented.theme.accent.foreground == .rgb(200, 40, 90))
    }

    @Test("LT-05: a window's cells and its push buttons grow with the desktop's text scale, so chrome laid out in lines and buttons keep their text whole")
    func LT_05_cellsAndButtonsGrowWithText() {
        let cells = WindowSurface.cells(CellMetrics(), textScale: 1.5)
        #expect(cells.cellWidth == 12 && cells.cellHeight == 24)
        #expect(WindowSurface.cells(CellMetrics(), textScale: 1) == CellMetrics())
        #expect(WindowSurface.cells(CellMetrics(), textScale: 1.1).cellHeight == 18, "whole points")
        var style = PixelStyle()
        func buttonHeight(_ scale: Double) -> Double? {
            style.textScale = scale
            let image = try? PixelImage(width: 400, height: 200)
            guard let image else { return nil }
            var canvas = PixelCanvas(image: image, style: style).makeCanvas()
            canvas.button("Help", frame: Rect(x: 0, y: 0, width: 80, height: 64), isPressed: false, style: .plain)
            return canvas.controls.compactMap { if case let .button(_, frame, _, _) = $0 { frame.height } else { nil } }.first
        }
        #expect(buttonHeight(1) == 24)
        #expect((buttonHeight(2) ?? 0) > 30, "a button as tall as its larger title needs")
    }
}
#endif
