import ArgumentParser
import Testing
@testable import ScrollworkCommandLine
@testable import ScrollworkGallery
import ScrollworkViewer
import ScrollworkWidgets

/// The message ArgumentParser would print for `arguments`, or nil when they parse.
private func error(_ arguments: [String]) -> String? {
    do {
        _ = try ScrollworkCommand.parseAsRoot(arguments)
        return nil
    } catch {
        return ScrollworkCommand.message(for: error)
    }
}

@Suite struct CommandLineTests {
    @Test("--fps outside 1…240, NaN, infinite or negative is refused with the allowed range", arguments: ["0", "nan", "inf", "-5", "241", "-inf"])
    func fpsIsValidated(value: String) {
        let message = error(["--fps", value]) ?? "(accepted)"
        #expect(message.contains("from 1 to 240"), "\(value): \(message)")
        #expect(error(["gallery", "--fps", value]) != nil)
    }

    @Test("--fps inside its range is accepted")
    func fpsInRange() {
        #expect(error(["--fps", "1"]) == nil)
        #expect(error(["--fps", "120.5"]) == nil)
    }

    @Test("a bad --size names the allowed range", arguments: ["0x4", "1001x10", "10x501", "axb", "10", "10x", "-3x4"])
    func sizeNamesItsRange(size: String) {
        let message = error(["snapshot", "--size", size]) ?? "(accepted)"
        #expect(message.contains("1–1000 columns and 1–500 rows"), "\(size): \(message)")
    }

    @Test("open --null takes words that look like numbers or options, repeatedly")
    func nullWords() throws {
        let command = try ScrollworkCommand.parseAsRoot(["open", "--null", "-999", "--null", "n/a", "--null", "--", "data.csv"])
        let open = try #require(command as? Open)
        #expect(open.nulls == ["-999", "n/a", "--"] && open.path == "data.csv")
        let table = try #require(try ScrollworkCommand.parseAsRoot(["open", "data.sqlite", "--table", "flights", "--output", "-"]) as? Open)
        #expect(table.table == "flights" && table.output == "-")
        #expect(error(["open", "data.csv", "--null"]) != nil)
    }

    @Test("open --columns given again adds its columns after the ones before, as --sort and --filter add theirs, where the last alone was kept")
    func columnsAddUp() throws {
        let open = try #require(try ScrollworkCommand.parseAsRoot(["open", "data.csv", "--columns", "a,b", "--columns", "-c", "--sort", "a"]) as? Open)
        #expect(open.recipe.columns == "a,b,-c" && open.recipe.sorts == ["a"])
        let none = try #require(try ScrollworkCommand.parseAsRoot(["open", "data.csv"]) as? Open)
        #expect(none.recipe == ViewRecipe())
    }

    @Test("snapshot --keys types text and presses keys named as help names them; a name no key has is refused, saying how keys are named")
    func snapshotKeys() throws {
        #expect(try Snapshot.keyEvents("?<Down><Shift+F10><Ctrl+A><lt><PgDn><Menu>") == [
            KeyEvent(.character("?")), KeyEvent(.down), KeyEvent(.function(10), .shift), KeyEvent(.character("a"), .control),
            KeyEvent(.character("<")), KeyEvent(.pageDown), KeyEvent(.menu),
        ])
        #expect(error(["snapshot", "--keys", "<Hyper+Q>"])?.contains("no key is called 'Hyper+Q'") == true)
        #expect(error(["snapshot", "--keys", "<Down"])?.contains("no '>' closes") == true)
        for key in [KeyEvent(.up, .shift), KeyEvent(.character("c"), [.control, .alt]), KeyEvent(.character(" ")), KeyEvent(.backspace),
                    KeyEvent(.function(12)), KeyEvent(.escape), KeyEvent(.menu, .shift), KeyEvent(.character("/"))] {
            #expect(KeyEvent(label: key.label) == key, "\(key.label) names the key it labels")
        }
    }

    @Test("a window's title names the file, never a URL's password")
    func windowTitles() {
        #expect(Open.windowTitle("data/cities.csv") == "cities.csv - Scrollwork")
        #expect(Open.windowTitle("postgres://ada:secret@db.example/flights?sslmode=require") == "flights - Scrollwork")
        #expect(Open.windowTitle("-") == "standard input - Scrollwork" && Open.windowTitle("logs/") == "logs - Scrollwork")
    }

    @Test("--ansi with --svg is refused")
    func ansiAndSvg() {
        #expect(error(["snapshot", "--ansi", "--svg"])?.contains("give one of them") == true)
    }

    @Test("scrollwork --help lists the gallery's options, since the gallery is the default command")
    func helpListsGalleryOptions() {
        let help = ScrollworkCommand.helpMessage()
        for option in ["--page", "--idiom", "--color", "--fps"] { #expect(help.contains(option)) }
    }
}

@Suite struct AppearanceOptionTests {
    @Test("--appearance takes light, dark or (for the window) auto, and names them when wrong")
    func appearanceIsValidated() {
        #expect(error(["--window", "--appearance", "dark"]) == nil)
        #expect(error(["--window", "--appearance", "AUTO"]) == nil)
        #expect(error(["--window", "--appearance", "sepia"])?.contains("use auto, light or dark") == true)
        #expect(error(["snapshot", "--png", "--appearance", "light"]) == nil)
        #expect(error(["snapshot", "--png", "--appearance", "auto"])?.contains("use light or dark") == true)
    }

    @Test("--appearance is refused where it would do nothing: a terminal keeps its colours")
    func appearanceOnlyForPixels() {
        #expect(error(["--appearance", "dark"])?.contains("a terminal keeps its own colours") == true)
        #expect(error(["snapshot", "--appearance", "dark"])?.contains("add --png") == true)
    }

    @Test("a window's light and dark themes are Adwaita's and differ in every role a window shows; a terminal keeps its own dark theme on its background")
    func themesPerAppearance() throws {
        let light = Theme.standard(for: .trueColor, appearance: .light)
        let dark = Theme.standard(for: .trueColor, appearance: .dark)
        for role in [\Theme.header, \.zebra, \.secondary, \.separator, \.accent, \.controlBackground, \.focus] {
            #expect(light[keyPath: role] != dark[keyPath: role])
        }
        // GNOME's view backgrounds, its blue for the selection; no window row is pure black.
        #expect(light.background == .rgb(255, 255, 255) && dark.background == .rgb(30, 30, 30))
        #expect(light.selection.background == .rgb(53, 132, 228) && dark.zebra.background == .rgb(37, 37, 37))
        #expect(dark != Theme.standard(for: .trueColor), "the terminal's theme is its own")
        let terminal = try #require(try ScrollworkCommand.parseAsRoot(["--page", "table"]) as? Gallery)
        let truecolor = ["COLORTERM": "truecolor"]
        #expect(try terminal.display.style(environment: truecolor).theme == Theme.standard(for: terminal.display.colorMode(environment: truecolor)))
        #expect(try terminal.display.style(environment: truecolor).theme != terminal.display.style(environment: truecolor, appearance: .dark).theme)
        // Without colour there is one theme: attributes only.
        #expect(Theme.standard(for: .none, appearance: .light) == Theme())
    }

    @Test("a window (and a picture of one) opens in a desktop's idiom unless another is asked for; a terminal in iOS's")
    func windowIdiom() throws {
        let plain = try #require(try ScrollworkCommand.parseAsRoot(["--page", "table"]) as? Gallery)
        #expect(try plain.display.style(environment: [:]).idiom == .iOS)
        #expect(try plain.display.style(environment: [:], appearance: .light, keys: .desktop).idiom == .macOS)
        let asked = try #require(try ScrollworkCommand.parseAsRoot(["--page", "table", "--idiom", "ios"]) as? Gallery)
        #expect(try asked.display.style(environment: [:], appearance: .dark, keys: .desktop).idiom == .iOS)
        let wrong = try #require(try ScrollworkCommand.parseAsRoot(["--idiom", "phone"]) as? Gallery)
        #expect(throws: (any Error).self) { try wrong.display.style(environment: [:], appearance: .light) }
    }
}

/// `scrollwork open PATH` and `scrollwork PATH` skip the argument parser: only where it would
/// open that path with every option at its default.
@Suite struct DirectOpenTests {
    @Test("the arguments opened without the parser are those it reads as a path alone", arguments: [
        ["open", "data.csv"], ["data.csv"], ["open", "-"], ["open", "gallery"], ["open", "--help"], ["open", "-x.csv"], ["open"],
        ["-"], ["--version"], ["gallery"], ["snapshot"], ["help"], ["diagnostics"], ["open", "a.csv", "--summary"], ["a.csv", "--page", "2"], [],
    ])
    func directPathsAreTheParsersPaths(arguments: [String]) throws {
        guard let path = ScrollworkCommand.directPath(arguments) else {
            // Everything else goes through the parser: an option, a command's name, no path.
            let command = try? ScrollworkCommand.parseAsRoot(arguments)
            let alone = (command as? Open).map { $0.path == arguments.last && arguments.count == 2 } ?? false
            #expect(!alone || arguments.last?.hasPrefix("-") == true, "\(arguments)")
            return
        }
        let command = try ScrollworkCommand.parseAsRoot(arguments)
        if let open = command as? Open {
            #expect(open.path == path && open.filter.isEmpty && open.sort.isEmpty && open.output == nil && open.color == "auto" && !open.summary)
            #expect(open.separator == nil && !open.noHeader && open.nulls.isEmpty && open.columns.isEmpty && open.frequency == nil)
        } else {
            let gallery = try #require(command as? Gallery, "\(arguments)")
            #expect(gallery.path == path && !gallery.windowOptions.window && gallery.display.color == "auto")
        }
    }
}

@Suite struct ScreenReaderOptionTests {
    @Test("--screen-reader and SCROLLWORK_SCREEN_READER reduce the gallery's motion; the option parses for the gallery and for open")
    func screenReaderReducesMotion() throws {
        let flagged = try #require(try ScrollworkCommand.parseAsRoot(["--screen-reader", "--page", "table"]) as? Gallery)
        let flaggedStyle = try flagged.display.style(environment: [:])
        #expect(flagged.display.servesScreenReader(environment: [:]) && flaggedStyle.reducesMotion)
        let plain = try #require(try ScrollworkCommand.parseAsRoot(["--page", "table"]) as? Gallery)
        let plainStyle = try plain.display.style(environment: [:])
        #expect(!plain.display.servesScreenReader(environment: [:]) && !plainStyle.reducesMotion)
        #expect(plain.display.servesScreenReader(environment: ["SCROLLWORK_SCREEN_READER": "1"]))
        #expect(!plain.display.servesScreenReader(environment: ["SCROLLWORK_SCREEN_READER": "0"]))
        let open = try #require(try ScrollworkCommand.parseAsRoot(["open", "docs/examples/cities.csv", "--screen-reader"]) as? Open)
        #expect(open.screenReader)
    }
}

#if Window
import ScrollworkPixels

@Suite struct DesktopContrastTests {
    @Test("a desktop that asks for high contrast gets Increase Contrast's colours in the gallery's window and the viewer's; one with animations off, less motion")
    func highContrastAndMotion() throws {
        let gallery = try #require(try ScrollworkCommand.parseAsRoot(["--page", "table"]) as? Gallery)
        for appearance in Appearance.allCases {
            let asked = DesktopSettings(reducesMotion: true, highContrast: true)
            let style = try gallery.display.windowStyle(environment: [:], appearance: appearance, settings: asked)
            let contrast = Theme.standard(for: .trueColor, appearance: appearance, highContrast: true)
            let usual = Theme.standard(for: .trueColor, appearance: appearance)
            #expect(style.reducesMotion && ThemeIdentity(style.theme) == ThemeIdentity(contrast) && ThemeIdentity(contrast) != ThemeIdentity(usual))
            let plain = try gallery.display.windowStyle(environment: [:], appearance: appearance, settings: DesktopSettings())
            #expect(!plain.reducesMotion && ThemeIdentity(plain.theme) == ThemeIdentity(usual))
            #expect(ThemeIdentity(Theme.desktop(appearance: appearance, settings: asked)) == ThemeIdentity(contrast))
            #expect(ThemeIdentity(Theme.desktop(appearance: appearance, settings: DesktopSettings(highContrast: false))) == ThemeIdentity(usual))
            // The desktop's accent colours the accent and the selected rows.
            let tinted = Theme.desktop(appearance: appearance, settings: DesktopSettings(accentColor: (200, 40, 90)))
            #expect(tinted.accent.foreground == .rgb(200, 40, 90) && tinted.selection.background == .rgb(200, 40, 90))
            let galleryTinted = try gallery.display.windowStyle(environment: [:], appearance: appearance, settings: DesktopSettings(accentColor: (200, 40, 90)))
            #expect(galleryTinted.theme.selection.background == .rgb(200, 40, 90))
        }
    }

    @Test("Increase Contrast's colours are further from the background than the usual ones: secondary text and separators")
    func contrastIsHigher() {
        func distance(_ a: Color, _ b: Color) -> Int {
            guard case let .rgb(r1, g1, b1) = a, case let .rgb(r2, g2, b2) = b else { return -1 }
            return abs(Int(r1) - Int(r2)) + abs(Int(g1) - Int(g2)) + abs(Int(b1) - Int(b2))
        }
        for appearance in Appearance.allCases {
            let usual = Theme.standard(for: .trueColor, appearance: appearance)
            let high = Theme.standard(for: .trueColor, appearance: appearance, highContrast: true)
            for pick in [\Theme.secondary, \Theme.separator, \Theme.indicator] {
                #expect(distance(high[keyPath: pick].foreground, high.background) > distance(usual[keyPath: pick].foreground, usual.background), "\(appearance)")
            }
        }
    }
}
#endif
