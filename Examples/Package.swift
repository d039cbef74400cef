// swift-tools-version: 6.1
// What an app developer builds with Scrollwork, as a package of their own that depends on it by
// path: README's million files, a table with menus and keyboard sort, a reader with paged cards,
// settings with drill-in, a custom widget, and a table source of one's own shown by the viewer in
// a terminal or a window (the Window trait on, so that every library is built and linked). Each is the example an article or README shows
// (linked from where it is kept word for word). scripts/outside-package-check builds it without
// a warning, runs its tests and holds each example to its length.
import PackageDescription

let libraries: [Target.Dependency] = [
    .product(name: "Scrollwork", package: "Scrollwork"),
    .product(name: "ScrollworkWidgets", package: "Scrollwork"),
    .product(name: "ScrollworkTerminal", package: "Scrollwork"),
]

let package = Package(
    name: "ScrollworkExamples",
    dependencies: [.package(name: "Scrollwork", path: "..", traits: ["Window"])],
    targets: [
        .executableTarget(name: "Files", dependencies: libraries),
        .executableTarget(name: "FilesTable", dependencies: libraries),
        .executableTarget(name: "Reader", dependencies: libraries),
        .executableTarget(name: "Settings", dependencies: libraries),
        .executableTarget(name: "StarRating", dependencies: libraries),
        .executableTarget(name: "OwnSource", dependencies: libraries + [
            .product(name: "ScrollworkFiles", package: "Scrollwork"), .product(name: "ScrollworkViewer", package: "Scrollwork"),
            .product(name: "ScrollworkPixels", package: "Scrollwork"),
        ]),
        .testTarget(name: "ExamplesTests", dependencies: ["FilesTable", "Reader", "Settings", "StarRating", "OwnSource",
                                                          .product(name: "ScrollworkTesting", package: "Scrollwork")]),
    ]
)
