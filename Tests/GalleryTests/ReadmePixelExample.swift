#if Window
// The pixel example needs the pixel host, built with the Window trait.
// The example of docs/pixels.md, kept word for word between the markers (scripts/check-docs
// compares them) and run by ReadmeExampleTests.

import Scrollwork

// BEGIN README PIXEL EXAMPLE
import ScrollworkPixels

/// The same million files in pixels: in a window, or one frame offscreen as a PNG.
func showFiles(inWindow: Bool, png path: String) throws {
    var app = Files()                                     // the WidgetApp of "Use it in your package"
    if inWindow { try PixelWindow(title: "Files").run(&app) }   // throws PixelError without a display
    let image = try PixelFrame.render(&app, size: Size(width: 390, height: 844), scale: 3, at: 0)
    try image.writePNG(to: path)
}
// END README PIXEL EXAMPLE
#endif
