// swift-tools-version: 6.1
// What an app developer builds with Scrollwork, as a package of their own that depends on it by
// path: README's million files, a table with menus and keyboard sort, a reader with paged cards,
// settings with drill-in, and a custom widget. Each is the example an article or README shows
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
    dependencies: [.package(name: "Scrollwork", path: "..")],
    targets: [
        .executableTarget(name: "Files", dependencies: libraries),
        .executableTarget(name: "FilesTable", dependencies: libraries),
        .executableTarget(name: "Reader", dependencies: libraries),
        .executableTarget(name: "Settings", dependencies: libraries),
        .executableTarget(name: "StarRating", dependencies: libraries),
        .testTarget(name: "ExamplesTests", dependencies: ["FilesTable", "Reader", "Settings", "StarRating",
                                                          .product(name: "ScrollworkTesting", package: "Scrollwork")]),
    ]
)
