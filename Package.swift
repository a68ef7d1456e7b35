// swift-tools-version:6.0
import PackageDescription

// Release builds skip the run-time exclusivity checks: every access to a class's stored property
// (the assembler's counters, the slice trees) paid for one, a tenth of all instructions on a large
// log (docs/performance.md). Debug builds and the tests keep them, so a violation still shows up
// there. Every stage target takes them, as the hot path runs through all of them.
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
    name: "cbcheck",
    products: [
        .executable(name: "cbcheck", targets: ["cbcheck"]),
        .library(name: "CBCheckKit", targets: ["CBCheckKit"]),
    ],
    dependencies: [],
    targets: [
        // PCRE2 (libpcre2-8, with JIT) from the system: Debian's libpcre2-dev or Homebrew's pcre2.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // zlib, for gzip-compressed logs: Debian's zlib1g-dev or Homebrew's zlib.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Turns rules/*.cbrules and rules/*.cbevents into Swift source, so the built-in
        // rules travel inside the binary and an installed cbcheck works from any directory.
        .target(name: "RuleEmbedding"),
        .executableTarget(name: "cbcheck-embed", dependencies: ["RuleEmbedding"], path: "Sources/cbcheck-embed"),
        .plugin(
            name: "EmbedRules",
            capability: .buildTool(),
            dependencies: ["cbcheck-embed"]
        ),
        // The literal prefilter's window scan with an AVX2 kernel (a byte shuffle and a gather, which
        // Swift's SIMD types cannot spell); elsewhere CBCheckKit's portable loop runs. Also the line
        // reader's newline search (newlines.c), 64 bytes a round, and the printable-ASCII test of an
        // event's text (printable.c), 32 bytes a round.
        // DWARF 4: clang's default DWARF 5 stops Debian's valgrind 3.19 (make bench-callgrind).
        .target(name: "CLiteralScan", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // The checking pipeline's stages, lowest first; a target imports only those above it in
        // this list (docs/architecture.md). Diagnostics: how a mistake in the user's input is told.
        .target(name: "Diagnostics", swiftSettings: releaseSettings),
        // PCRE2 behind a Swift type: compiled once, JIT-matched, match limits instead of hangs.
        .target(name: "PatternMatching", dependencies: ["CPCRE2"], swiftSettings: releaseSettings),
        // Bytes to lines (files, gzip, the newline search) and lines to records' prefixes: every
        // log format, paste decorations, time stamps. Knows nothing of events.
        .target(
            name: "LogReading", dependencies: ["CZlib", "CLiteralScan"], swiftSettings: releaseSettings
        ),
        .target(
            name: "CBCheckKit",
            dependencies: ["CPCRE2", "CZlib", "CLiteralScan", "Diagnostics", "PatternMatching", "LogReading"],
            swiftSettings: releaseSettings,
            plugins: ["EmbedRules"]
        ),
        // jemalloc in Linux release builds (Debian's libjemalloc-dev): reading ahead, one thread
        // allocates the events and the other frees them, and glibc's malloc then takes the
        // allocating thread's arena lock for most frees: a 1 GB log took 1.05 s with it, 0.86 s
        // with jemalloc's per-thread caches (docs/performance.md, "Reading ahead"). Not in debug
        // builds: AddressSanitizer (make test-sanitize) must own malloc, and C++ code in the Swift
        // runtime then allocated with jemalloc and freed with ASan. macOS's malloc is kept.
        .executableTarget(
            name: "cbcheck", dependencies: ["CBCheckKit"],
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux], configuration: .release))]
        ),
        .target(name: "TestSupport", dependencies: ["CBCheckKit", "Diagnostics"], path: "Tests/TestSupport"),
        .testTarget(
            name: "CBCheckKitTests",
            dependencies: [
                "CBCheckKit", "Diagnostics", "PatternMatching", "LogReading", "RuleEmbedding", "TestSupport",
            ]),
        .testTarget(name: "cbcheckTests", dependencies: ["cbcheck", "TestSupport"]),
    ]
)
