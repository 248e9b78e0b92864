// swift-tools-version:6.0
// Segue: a headless exporter of transition previews. See docs/ARCHITECTURE.md for the rooms
// and what each may import; data flows one way: Presets → Storyboard → Transitions → Raster → Media,
// driven by FramePipeline (one render) and BatchReview (many). Presets draws nothing and links no
// C library; the words it shares with Media and the export rooms are Vocabulary's.
import PackageDescription

// Pixel loops and the encoder's hot path are measured in release builds; exclusivity checks on
// class-held state cost more than the arithmetic they guard there (measured on the compositor's
// kernels: Swift's dynamic exclusivity check on each class property access in the inner loops).
let fast: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .executable(name: "segue-bench", targets: ["segue-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg",
                       pkgConfig: "libavcodec libavformat libswscale libswresample libavutil",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libswresample-dev",
                                         "libavutil-dev", "libavfilter-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType",
                       pkgConfig: "freetype2 harfbuzz fontconfig",
                       providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        // ICU (line breaks, graphemes, bidi) through C wrappers: Swift cannot call ICU's
        // version-renamed functions (ubrk_open is a macro for ubrk_open_72).
        .systemLibrary(name: "CICUSystem", path: "Sources/CICUSystem", pkgConfig: "icu-uc",
                       providers: [.apt(["libicu-dev"])]),
        .target(name: "CICU", dependencies: ["CICUSystem"], path: "Sources/CICU"),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "Geometry", swiftSettings: fast),
        .target(name: "Motion", dependencies: ["Geometry"], swiftSettings: fast),
        .target(name: "Scene", dependencies: ["Geometry"], swiftSettings: fast),
        .target(name: "Raster", dependencies: ["Geometry", "Scene", "Vocabulary", "CFreeType", "CICU"], swiftSettings: fast),
        .target(name: "Transitions", dependencies: ["Geometry", "Motion", "Scene"], swiftSettings: fast),
        // The words Presets shares with Media and the export rooms (output formats and their rules,
        // limits, the image-loading protocol, regular-file reads): no C library, so Presets links none.
        .target(name: "Vocabulary", dependencies: ["Scene"], swiftSettings: fast),
        .target(name: "Media", dependencies: ["Raster", "Scene", "Vocabulary", "CFFmpeg"], swiftSettings: fast),
        .target(name: "Presets", dependencies: ["Geometry", "Motion", "Scene", "Transitions", "Vocabulary"], swiftSettings: fast),
        // Export in two rooms: one render's frames (compose, schedule, encode; stills, sheet, plot)
        // and the commands over many renders (batch, cache, manifest, compare, gallery, import).
        .target(name: "FramePipeline", dependencies: ["Geometry", "Motion", "Scene", "Raster", "Transitions", "Vocabulary", "Media", "Presets"], swiftSettings: fast),
        .target(name: "BatchReview", dependencies: ["FramePipeline", "Geometry", "Raster", "Vocabulary", "Media", "Presets"], swiftSettings: fast),
        // `segue studio`: the page served on the loopback interface (libmicrohttpd, inotify).
        .target(name: "Studio", dependencies: ["FramePipeline", "Presets", "Media", "Vocabulary", "Raster", "Motion", "Scene", "Geometry", "CMicroHTTPD", "CZlib"]),
        .executableTarget(name: "segue", dependencies: ["Studio", "BatchReview", "FramePipeline", "Presets", "Media", "Vocabulary", "Raster", "Motion", "Transitions", "Scene", "Geometry"], swiftSettings: fast),
        // Raster's micro-benchmarks (RasterBench: the kernels Raster shows behind @_spi(Testing)),
        // not part of `segue`.
        .executableTarget(name: "segue-bench", dependencies: ["Raster", "Scene", "Geometry"], path: "Sources/segue-bench", swiftSettings: fast),

        // What the test targets share (temporary folders, the CLI runner, awaiting a child's
        // events, image diffs that leave a PNG): a regular target that only test targets use.
        .target(name: "SegueTestSupport", dependencies: ["Raster"], path: "Tests/SegueTestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "Geometry"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene"]),
        .testTarget(name: "RasterTests", dependencies: ["SegueTestSupport", "Raster", "Scene", "Geometry", "CICU"]),
        .testTarget(name: "TransitionsTests", dependencies: ["SegueTestSupport", "Transitions", "Raster", "Scene", "Geometry", "Motion"]),
        .testTarget(name: "MediaTests", dependencies: ["SegueTestSupport", "Media", "Vocabulary", "Raster", "CFFmpeg"]),
        .testTarget(name: "PresetsTests", dependencies: ["SegueTestSupport", "Presets", "Vocabulary", "Raster", "Motion", "Scene", "Transitions", "Geometry"]),
        .testTarget(name: "ExportTests", dependencies: ["SegueTestSupport", "FramePipeline", "Presets", "Vocabulary", "Media", "Raster", "Geometry", "Scene"]),
        .testTarget(name: "BatchReviewTests", dependencies: ["SegueTestSupport", "BatchReview", "FramePipeline", "Vocabulary"]),
        .testTarget(name: "EndToEndTests", dependencies: ["SegueTestSupport", "Media", "Raster"]),
    ]
)
