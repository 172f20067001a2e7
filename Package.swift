// swift-tools-version:6.0
import PackageDescription

// typefit is licensed under the Apache License, Version 2.0 (LICENSE).
// Layout (see docs/REFERENCE.md, "Design"): TypefitCore is pure Swift; FontRegistry is the
// only module that touches C (fontconfig, FreeType, HarfBuzz, ICU); TypefitKit is the
// library the commands call; TypefitCLI parses, calls TypefitKit and renders; `typefit` is
// a thin main.
let package = Package(
    name: "typefit",
    products: [
        .executable(name: "typefit", targets: ["typefit"])
    ],
    targets: [
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        // Headers only: HarfBuzz is opened on first use
        // (FontRegistry/ShapingLibraries.swift) rather than linked, so that
        // list-fonts and scale do not map HarfBuzz's GLib, graphite2 and
        // PCRE. Without pkgConfig SwiftPM adds no -l flags; the headers are
        // included by their paths. ICU (line breaking, bidi) is opened on
        // first use too, with no headers at all (FontRegistry/ICU.swift):
        // they clash with Foundation's. scripts/ensure-deps.sh installs the
        // -dev packages.
        .systemLibrary(
            name: "CHarfBuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .target(name: "TypefitCore"),
        .target(
            name: "FontRegistry",
            dependencies: ["TypefitCore", "CFontconfig", "CFreeType", "CHarfBuzz"]
        ),
        // The library between the command line and the registry: finding
        // faces from every source, building reports and cells, the text
        // jobs and the parallel fit engine, with one way to stop (see
        // TypefitKit/Stopped.swift). Its own module rather than part of
        // FontRegistry, which stays the thin layer over C; tested without
        // the CLI.
        .target(
            name: "TypefitKit",
            dependencies: ["TypefitCore", "FontRegistry"]
        ),
        // Declarations, the argument framework and `run` bodies that parse,
        // call TypefitKit and render. FontRegistry only for the process's
        // own I/O (SystemCalls: stdout, the environment, --output files).
        .target(
            name: "TypefitCLI",
            dependencies: ["TypefitCore", "TypefitKit", "FontRegistry"]
        ),
        .executableTarget(
            name: "typefit",
            dependencies: ["TypefitCLI"]
        ),
        // Test helpers: fixtures, the private fontconfig configuration, running
        // the built binary. Only test targets depend on it.
        .target(
            name: "TypefitTestSupport",
            path: "Tests/TypefitTestSupport"
        ),
        .testTarget(
            name: "TypefitCoreTests",
            dependencies: ["TypefitCore", "TypefitTestSupport"]
        ),
        .testTarget(
            name: "TypefitKitTests",
            dependencies: ["TypefitKit", "TypefitCore", "FontRegistry", "TypefitTestSupport"]
        ),
        .testTarget(
            name: "FontRegistryTests",
            dependencies: ["FontRegistry", "TypefitCore", "TypefitTestSupport"]
        ),
        // Depends on the executable too, so that `swift test` alone rebuilds
        // the `typefit` binary the end-to-end tests run (never a stale one).
        .testTarget(
            name: "TypefitCLITests",
            dependencies: ["TypefitCLI", "TypefitKit", "TypefitCore", "TypefitTestSupport", "typefit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
