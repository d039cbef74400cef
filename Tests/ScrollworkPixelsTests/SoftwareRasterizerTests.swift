#if Window
// The pixel host, built with the Window trait.
import ScrollworkPixels
import Testing

/// The window draws with SDL's own software renderer where OpenGL runs on the CPU: a Mesa
/// llvmpipe context under Xvfb could wait forever in its vsync.
@Suite struct SoftwareRasterizerTests {
    @Test("OpenGL drawn by the CPU is told from a GPU by its renderer string", arguments: [
        ("llvmpipe (LLVM 15.0.6, 256 bits)", true),
        ("Mesa softpipe", true),
        ("Software Rasterizer", true),
        ("GDI Generic", true),
        ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", false),
        ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)", false),
        ("NVIDIA GeForce RTX 3060/PCIe/SSE2", false),
        ("", false),
    ])
    func softwareRasterizer(name: String, software: Bool) {
        #expect(PixelWindow.isSoftwareRasterizer(name) == software)
    }

    @Test("no context at all is not a software rasterizer: the accelerated renderer stays")
    func noContext() {
        #expect(!PixelWindow.isSoftwareRasterizer(nil))
    }
}
#endif
