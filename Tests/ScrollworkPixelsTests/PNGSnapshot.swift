#if Window
// The pixel host, built with the Window trait.
import Foundation
import ScrollworkPixels
import Testing

/// Compares an image with a PNG recorded beside the tests (`__Snapshots__/NAME.png`), with a
/// small per-pixel tolerance for anti-aliasing that a font update may move.
///
/// A missing picture is recorded and the test fails, so that a picture is never taken as
/// right without being looked at; `SCROLLWORK_RECORD_PNG=1` records them all again.
func assertPNG(_ image: PixelImage, named name: String, tolerance: Int = 24, maximumFraction: Double = 0.002,
               file: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let path = directory.appendingPathComponent("\(name).png").path
    let record = ProcessInfo.processInfo.environment["SCROLLWORK_RECORD_PNG"] == "1"
    if record || !FileManager.default.fileExists(atPath: path) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try image.writePNG(to: path)
        Issue.record("recorded \(name).png; look at it, then run the test again", sourceLocation: sourceLocation)
        return
    }
    let reference = try PixelImage(png: path)
    let (largest, pixels) = image.difference(from: reference, tolerance: tolerance)
    let allowed = Int(Double(image.width * image.height) * maximumFraction)
    if pixels > allowed {
        let failed = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png").path
        try image.writePNG(to: failed)
        Issue.record("\(name).png: \(pixels) pixels differ by more than \(tolerance) (largest \(largest)); \(allowed) allowed. Actual image: \(failed)",
                     sourceLocation: sourceLocation)
    }
}
#endif
