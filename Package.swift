// swift-tools-version: 6.2
import PackageDescription

/// The folder whose `libstdc++.so` is a linker script naming the static archive: an absolute
/// path, as the linker may run in another folder than the package's.
let staticCxx = String(#filePath.dropLast("Package.swift".count)) + "Linking/static-cxx"

/// True in a build under a sanitizer (`scripts/test-sanitized` says which): the program is then
/// linked as the sanitizer's runtime needs it, position-independent and with the shared Swift
/// runtime (ThreadSanitizer's runtime stops at once in a program linked `-no-pie`).
let sanitized = Context.environment["SCROLLWORK_SANITIZE"] != nil

/// Swift's strict memory safety, its findings errors: every unsafe use is marked `unsafe` and says
/// what keeps it safe (#70), and the compiler refuses to let one pass unsaid.
let memorySafe: [SwiftSetting] = [.strictMemorySafety(), .treatWarning("StrictMemorySafety", as: .error)]

/// Concrete generic types' metadata is reached through accessors that hand the runtime
/// their conformances, not through mangled names it decodes: decoding one checks its requirements
/// by scanning the program's 4,455 conformance records, some 300,000 instructions each first time
/// (`Dictionary<Key, …>` needs `Key: Hashable` looked up). By callgrind, to the first frame shown:
/// `scrollwork open` of a ten-line CSV 11.1 → 7.3 M instructions, of a Parquet file 19.4 → 15.7 M.
/// (An unsafe flag, which SwiftPM allows in a root package and in one depended on by path or
/// branch, the two ways README gives.)
let metadataByAccessor: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

/// What every Swift target of the package is compiled with.
let settings = memorySafe + metadataByAccessor

let package = Package(
    name: "Scrollwork",
    products: [
        .library(name: "Scrollwork", targets: ["Scrollwork"]),
        .library(name: "ScrollworkWidgets", targets: ["ScrollworkWidgets"]),
        .library(name: "ScrollworkTerminal", targets: ["ScrollworkTerminal"]),
        .library(name: "ScrollworkFiles", targets: ["ScrollworkFiles"]),
        .library(name: "ScrollworkViewer", targets: ["ScrollworkViewer"]),
        .library(name: "ScrollworkPixels", targets: ["ScrollworkPixels"]),
        .library(name: "ScrollworkDatabase", targets: ["ScrollworkDatabase"]),
        .library(name: "ScrollworkTesting", targets: ["ScrollworkTesting"]),
        .executable(name: "scrollwork", targets: ["scrollwork"]),
    ],
    traits: [
        // The pixel host in the scrollwork command (--window, snapshot --png): off by default, so
        // that a machine with only Swift builds and runs the terminal gallery and the viewer.
        .trait(name: "Window", description: "scrollwork --window and snapshot --png, drawn by ScrollworkPixels (needs the Cairo, Pango and SDL2 development packages)"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // `swift package generate-documentation` for the DocC catalogs; scripts/test builds them.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The headless core: value types, explicit time, no Foundation, no I/O.
        // Under a sanitizer its lock (`Locked`) is a POSIX mutex, which ThreadSanitizer models.
        .target(
            name: "Scrollwork",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: settings + (sanitized ? [.define("SCROLLWORK_PTHREAD_LOCKS")] : [])
        ),
        // Async-signal-safe terminal restoration for crashes: C, because a signal handler may
        // not allocate, lock or initialise globals lazily, which Swift code cannot promise.
        .target(name: "CTerminalRestore"),
        // The program's malloc told to keep few arenas: glibc's setting is C (a macro of
        // <malloc.h>, which Swift's Glibc module does not bring).
        .target(name: "CMallocArenas"),
        // The widget layer every host shares: the widget protocol, groups, routing and focus, the
        // widgets, the buffer they draw into, events, apps, work off the loop and the one driver.
        .target(name: "ScrollworkWidgets", dependencies: ["Scrollwork"], swiftSettings: settings),
        // The terminal host alone: session, input decoder, diff renderer, event loop.
        .target(name: "ScrollworkTerminal", dependencies: ["Scrollwork", "ScrollworkWidgets", "CTerminalRestore"], swiftSettings: settings),
        // For app developers' tests: a pilot that drives an app as a person would, and snapshots.
        // PNG snapshots draw through the pixel host, with the Window trait only.
        .target(name: "ScrollworkTesting", dependencies: [
            "Scrollwork", "ScrollworkWidgets", "ScrollworkTerminal",
            .target(name: "ScrollworkPixels", condition: .when(traits: ["Window"])),
        ], swiftSettings: settings),
        // Real files as row sources: delimited text read and split only where shown.
        // One HTTPS GET through the system's libcurl, opened when first needed: C, because curl's
        // options are set through a variadic function Swift cannot call.
        .target(name: "CCurl"),
        .target(name: "ScrollworkFiles", dependencies: ["Scrollwork", "CCurl"], swiftSettings: settings),
        // Database tables as row sources, the files module's filters tested by the engine:
        // SQLite's library and libpq are loaded when a database is opened, so that building
        // needs nothing but Swift.
        .target(name: "ScrollworkDatabase", dependencies: ["Scrollwork", "ScrollworkFiles"], swiftSettings: settings),
        // `scrollwork open`: files, directories and standard input as tables, lists and pagers.
        .target(name: "ScrollworkViewer", dependencies: ["Scrollwork", "ScrollworkWidgets", "ScrollworkFiles", "ScrollworkDatabase"], swiftSettings: settings),
        // The gallery's pages, one app: what the scrollwork command shows.
        .target(name: "ScrollworkGallery", dependencies: ["Scrollwork", "ScrollworkWidgets", "ScrollworkFiles"], swiftSettings: settings),
        // The pixel host's C libraries; only ScrollworkPixels uses them, so a program of the core
        // or the terminal host alone needs none. Cairo and Pango by declarations of their own
        // (Sources/CPangoCairo/shim.h), not pkg-config: pango.pc's -pthread is a flag SwiftPM
        // refuses, and every build of a package depending on Scrollwork warned of it.
        .systemLibrary(name: "CPangoCairo"),
        // SDL2 (Debian: libsdl2-dev) by its include directory, not pkg-config: sdl2.pc's
        // -D_REENTRANT is a flag SwiftPM refuses, and every build, a terminal-only app's too, warned of it.
        .systemLibrary(name: "CSDL2"),
        // libdbus (Debian: libdbus-1-dev) for the window's screen-reader bridge (AT-SPI 2 over
        // D-Bus); dbus-1.pc's flags are plain include directories.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // The same widgets drawn in pixels: Cairo and Pango offscreen (PNG) and in an SDL2 window.
        // Without the Window trait it is empty and needs none of them, so that `swift build` and
        // `swift test` need only Swift; a package that uses it enables the trait on Scrollwork.
        .target(name: "ScrollworkPixels", dependencies: [
            "Scrollwork", "ScrollworkWidgets",
            .target(name: "CPangoCairo", condition: .when(traits: ["Window"])),
            .target(name: "CSDL2", condition: .when(traits: ["Window"])),
            .target(name: "CDBus", condition: .when(traits: ["Window"])),
        ], swiftSettings: settings),
        // The `scrollwork` command's subcommands and options, a library so that tests link them.
        .target(
            name: "ScrollworkCommandLine",
            dependencies: [
                "Scrollwork",
                "ScrollworkWidgets",
                "ScrollworkTerminal",
                "ScrollworkFiles",
                "ScrollworkViewer",
                "ScrollworkGallery",
                .target(name: "ScrollworkPixels", condition: .when(traits: ["Window"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "scrollwork",
            dependencies: ["ScrollworkCommandLine", "CMallocArenas"],
            swiftSettings: settings,
            // Swift's runtime linked into the program: a shared one costs every start about 6 ms
            // of loading and symbol binding here, a third of `scrollwork open`'s first frame.
            // C++'s library too, which that runtime needs (Linking/static-cxx says how), for 1 ms more.
            // (FoundationEssentials, which the argument parser brings, needs its two helpers named.)
            // Linked by lld, the toolchain's own linker: GNU ld warned on every build of the
            // program that FoundationEssentials' temporary files use mktemp (glibc's link warning).
            linkerSettings: [
                .unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xclang-linker", "-no-pie", "-L", staticCxx], .when(platforms: [.linux])),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
            ].filter { _ in !sanitized }
        ),
        // What tests and benchmarks need of a running program and the shipped one must not carry:
        // a gallery that crashes on a key (the terminal is given back) and frame workloads.
        .executableTarget(
            name: "scrollwork-hooks",
            dependencies: [
                "Scrollwork", "ScrollworkWidgets", "ScrollworkTerminal", "ScrollworkGallery", "ScrollworkFiles",
                .target(name: "ScrollworkPixels", condition: .when(traits: ["Window"])),
                .target(name: "CSDL2", condition: .when(traits: ["Window"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "ScrollworkTests",
            dependencies: [
                "Scrollwork",
                "ScrollworkTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The widgets alone: their drawing in cells and points, input, layout and work, with no
        // host but the headless driver and the test kit's pilot (which drives the terminal's).
        .testTarget(
            name: "ScrollworkWidgetsTests",
            dependencies: [
                "Scrollwork",
                "ScrollworkWidgets",
                "ScrollworkTesting",
                "ScrollworkTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // The terminal host: input decoding, the renderer, the event loop's driver.
        .testTarget(
            name: "ScrollworkTerminalTests",
            dependencies: [
                "Scrollwork",
                "ScrollworkWidgets",
                "ScrollworkTerminal",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // What tests share: a loopback server that answers as told, a seeded generator.
        .target(name: "ScrollworkTestSupport", dependencies: ["ScrollworkWidgets"], path: "Tests/Support"),
        .testTarget(
            name: "ScrollworkFilesTests",
            dependencies: [
                "Scrollwork",
                "ScrollworkFiles",
                "ScrollworkTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ScrollworkViewerTests",
            dependencies: ["Scrollwork", "ScrollworkWidgets", "ScrollworkTerminal", "ScrollworkFiles", "ScrollworkViewer", "ScrollworkDatabase", "ScrollworkTesting", "ScrollworkTestSupport"],
            // Compressed files made once with gzip -n -9 (CompressedOpenTests says what each holds).
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "ScrollworkDatabaseTests", dependencies: ["Scrollwork", "ScrollworkFiles", "ScrollworkDatabase", "ScrollworkTestSupport"]),
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "ScrollworkCommandLine", "scrollwork-hooks", "Scrollwork", "ScrollworkWidgets", "ScrollworkTerminal", "ScrollworkGallery", "ScrollworkFiles",
                "ScrollworkTesting", "ScrollworkTestSupport",
                // The pixel host only with the Window trait: a plain `swift test` needs only Swift.
                .target(name: "ScrollworkPixels", condition: .when(traits: ["Window"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The pixel host's tests run with the Window trait (`swift test --traits Window`).
        .testTarget(
            name: "ScrollworkPixelsTests",
            dependencies: [
                .target(name: "ScrollworkPixels", condition: .when(traits: ["Window"])),
                "Scrollwork", "ScrollworkWidgets", "ScrollworkTerminal", "ScrollworkGallery", "ScrollworkTestSupport",
            ],
            exclude: ["__Snapshots__"]
        ),
        // Runs the built `scrollwork` in tmux, a real terminal emulator (scripts/test installs it).
        // It does not link the program (whose Swift runtime is static, unlike the test runner's):
        // `swift build --build-tests` and `swift test` build every program first.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["scrollwork-hooks", .target(name: "ScrollworkPixels", condition: .when(traits: ["Window"]))],
            // A screen reader's side of the accessibility test: a shell script and pyatspi clients.
            exclude: ["AtspiClients", "XClients"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
