#if Window
import Scrollwork
import ScrollworkPixels

extension Pilot {
    /// Checks the app, drawn as the pixel host draws it (a window of `size` points, the
    /// terminal's cells at 8 × 16 points when nil, at `scale` pixels a point, in `palette`),
    /// against the PNG snapshot `name` kept beside the test file
    /// (`__Snapshots__/<test file's name>/<name>.png`). Pixels may differ by up to `tolerance`
    /// in a channel (0–255: type is drawn a little differently from one machine's fonts to the
    /// next), and `allowedPixels` of them by more. Recording works as
    /// ``verifySnapshot(_:file:environment:)``'s does. Needs the `Window` trait.
    public func verifyPictureSnapshot(_ name: String, size: Size? = nil, scale: Double = 1, palette: PixelPalette = .dark,
                                      tolerance: Int = 0, allowedPixels: Int = 0, file: StaticString = #filePath,
                                      environment: [String: String]? = nil) throws(SnapshotError) {
        let store = SnapshotStore(testFile: "\(file)")
        let path = try store.path(of: name, extension: "png")
        let points = size ?? Size(width: Double(self.size.columns) * 8, height: Double(self.size.rows) * 16)
        var app = terminal.app
        let picture: PixelImage
        do {
            picture = try PixelFrame.render(&app, size: points, scale: scale, at: time, palette: palette)
            try store.recordIfNeeded(try picture.pngData(), at: path, record: Self.records(environment))
        } catch let error as SnapshotError {
            throw error
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        let kept: PixelImage
        do {
            kept = try PixelImage(png: path)
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        guard kept.width == picture.width, kept.height == picture.height else {
            throw .pictureMismatch(path: path, pixels: picture.width * picture.height, largest: 255)
        }
        let difference = picture.difference(from: kept, tolerance: Swift.min(Swift.max(tolerance, 0), 255))
        guard difference.pixels <= Swift.max(0, allowedPixels) else {
            throw .pictureMismatch(path: path, pixels: difference.pixels, largest: difference.largest)
        }
    }
}
#endif
