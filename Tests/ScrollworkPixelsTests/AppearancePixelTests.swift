#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
import ScrollworkWidgets
import ScrollworkTerminal
@testable import ScrollworkGallery
import Testing

/// Light and dark: the desktop's choice as GTK reads it, and one palette per appearance.
@Suite struct DesktopAppearanceTests {
    @Test("GTK_THEME decides first: a name ending in :dark is dark, any other light")
    func gtkTheme() {
        #expect(DesktopAppearance.preferred(environment: ["GTK_THEME": "Adwaita:dark"], portalReply: "(<<uint32 2>>,)") == .dark)
        #expect(DesktopAppearance.preferred(environment: ["GTK_THEME": "Adwaita"], portalReply: "(<<uint32 1>>,)") == .light)
        #expect(DesktopAppearance.preferred(environment: ["GTK_THEME": "Yaru:DARK"], portalReply: nil) == .dark)
    }

    @Test("then the portal's color-scheme: 1 prefers dark, 2 light, 0 or no answer says nothing")
    func portal() {
        #expect(DesktopAppearance.preferred(environment: [:], portalReply: "(<<uint32 1>>,)\n") == .dark)
        #expect(DesktopAppearance.preferred(environment: [:], portalReply: "(<uint32 2>,)") == .light)
        #expect(DesktopAppearance.preferred(environment: [:], portalReply: "(<<uint32 0>>,)") == nil)
        #expect(DesktopAppearance.preferred(environment: ["GTK_THEME": ""], portalReply: "Error: GDBus.Error:org.freedesktop.portal.Error.NotFound") == nil)
        #expect(DesktopAppearance.preferred(environment: [:], portalReply: nil) == nil)
    }

    @Test("with no session bus the portal is not asked (gdbus would start a bus of its own)")
    func noBusNoQuestion() {
        #expect(DesktopAppearance.current(environment: ["DISPLAY": ":0"]) == nil)
        #expect(DesktopAppearance.current(environment: ["DBUS_SESSION_BUS_ADDRESS": "", "GTK_THEME": "Adwaita:dark"]) == .dark)
    }

    @Test("a page drawn light is dark text on white with light zebra rows; drawn dark, the reverse", arguments: Appearance.allCases)
    func pagePerAppearance(appearance: Appearance) throws {
        let picture = try galleryPicture(.table, appearance: appearance, columns: 60, rows: 30, after: 3)
        // The table's first two rows (44 points each under its 28-point header, below the
        // 16-point title bar): a plain row and a zebra row, sampled in the padding before the text.
        let plain = picture.brightness(x: 3, y: 16 + 28 + 22), zebra = picture.brightness(x: 3, y: 16 + 28 + 44 + 22)
        switch appearance {
        case .light:
            #expect(max(plain, zebra) == 255 && min(plain, zebra) >= 235 && plain != zebra)
        case .dark:
            // Adwaita's dark view (#1e1e1e), never pure black, and a zebra row a shade lighter.
            #expect(min(plain, zebra) == 30 && max(plain, zebra) <= 60 && plain != zebra)
        }
    }

    @Test("PC-01: page dots show on light content: dark dots, the current one darkest", arguments: Appearance.allCases)
    func dotsShowInEitherAppearance(appearance: Appearance) throws {
        let picture = try galleryPicture(.pageControl, appearance: appearance, columns: 48, rows: 52, after: 0.5)
        // The bottom rows hold the weather page's dots and the gallery's: some pixels stand out
        // from the background by over 110 of the 255 levels (Adwaita's dark view is #1e1e1e,
        // so a white dot stands 225 above it).
        let background = picture.brightness(x: 2, y: 400)
        var standOut = 0
        for y in 760..<832 { for x in 100..<284 where abs(picture.brightness(x: x, y: y) - background) > 110 { standOut += 1 } }
        #expect(standOut > 40, "\(appearance): \(standOut) dot pixels")
    }
}

/// `page` of the gallery in `appearance`, `columns` × `rows` cells drawn by the pixel host
/// `seconds` after it opens.
func galleryPicture(_ page: GalleryApp.PageKind, appearance: Appearance, columns: Int, rows: Int, after seconds: Double) throws -> PixelImage {
    let style = GalleryStyle(theme: .standard(for: .trueColor, appearance: appearance), colorMode: .trueColor, idiom: .iOS, reducesMotion: false)
    var t = HeadlessTerminal(GalleryApp(page: page, style: style, tableRows: 100), columns: columns, rows: rows)
    t.advance(by: seconds)
    let size = Size(width: Double(columns) * 8, height: Double(rows) * 16)
    return try PixelFrame.render(&t.app, size: size, scale: 1, at: t.time, palette: .standard(appearance))
}
#endif

#if Window
/// A menu stands over what it opened on as a desktop's does.
@Suite struct MenuShadowPixelTests {
    @Test("a menu in a window casts a soft shadow below it, fading within a few points; on a grid it draws nothing more")
    func menuCastsAShadow() throws {
        for appearance in Appearance.allCases {
            let palette = PixelPalette.standard(appearance)
            let menu = MenuView([MenuItem("Copy", action: 1), MenuItem("Select All", action: 2)], at: Point(x: 40, y: 40),
                                theme: .standard(for: .trueColor, appearance: appearance))
            var app = Harness(content: menu)
            let picture = try image(&app, columns: 40, rows: 20, at: 0, palette: palette)
            let frame = app.content.frame
            let x = Int(frame.midX), background = picture.brightness(x: 300, y: 300)
            let under = picture.brightness(x: x, y: Int(frame.maxY) + 2), far = picture.brightness(x: x, y: Int(frame.maxY) + 20)
            #expect(under < background && under > background - 60, "\(appearance): \(under) just below, on \(background)")
            #expect(far == background, "\(appearance): \(far) well below")
        }
        // On a grid the menu's cells are its box alone.
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 20))
        let before = canvas.cells
        canvas.dropShadow(Rect(x: 8, y: 16, width: 80, height: 48), radius: 6)
        #expect(canvas.cells == before && canvas.pointMarks.isEmpty)
    }
}
#endif
