// swift-tools-version:6.0
import PackageDescription

/// Swift 6 language mode everywhere, plus the upcoming features the house style asks for (STYLE.md §13).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "fcgen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fcgen", targets: ["fcgen"]),
        .executable(name: "fcgen-bench", targets: ["fcgen-bench"]),
        .executable(name: "fcgen-worker", targets: ["fcgen-worker"]),
        .library(name: "FCPipeline", targets: ["FCPipeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // System C libraries. Only FCStore imports CSQLite; only FCGenerator's curl transport imports CCurl.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libcurl's setopt/getinfo are variadic, so curl needs a few lines of C: a small C target, not a modulemap.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),

        .target(name: "FCCore", swiftSettings: strictSettings),
        .target(name: "FCSanitizer", dependencies: ["FCCore"], swiftSettings: strictSettings),
        .target(name: "FCGenerator", dependencies: ["FCCore", "FCSanitizer", "CCurl"], swiftSettings: strictSettings),
        .target(name: "FCStore", dependencies: ["FCCore", "CSQLite"], swiftSettings: strictSettings),
        .target(name: "FCScheduler", dependencies: ["FCCore"], swiftSettings: strictSettings),
        .target(name: "FCGamification", dependencies: ["FCCore"], swiftSettings: strictSettings),
        // Pure deck formats: card rules, CSV and Anki text readers/writers, image sniffing.
        .target(name: "FCDeckFormats", dependencies: ["FCCore"], swiftSettings: strictSettings),
        .target(
            name: "FCPipeline",
            dependencies: [
                "FCCore", "FCSanitizer", "FCGenerator", "FCStore", "FCScheduler", "FCDeckFormats", "FCGamification",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FCTestSupport",
            dependencies: ["FCCore", "FCGenerator", "FCStore"],
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "fcgen",
            dependencies: [
                "FCPipeline",
                "FCScheduler",
                "FCDeckFormats",
                "FCGamification",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "fcgen-worker",
            dependencies: [
                "FCPipeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "fcgen-bench",
            dependencies: ["FCPipeline", "FCTestSupport", "FCStore", "FCDeckFormats", "FCGamification", "FCScheduler"],
            swiftSettings: strictSettings
        ),

        .testTarget(name: "FCCoreTests", dependencies: ["FCCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "FCDeckFormatsTests", dependencies: ["FCDeckFormats", "FCCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "FCSanitizerTests",
            dependencies: ["FCSanitizer", "FCCore"],
            exclude: ["Samples"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCGeneratorTests",
            dependencies: ["FCGenerator", "FCTestSupport", "FCCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCStoreTests",
            dependencies: ["FCStore", "FCTestSupport", "FCCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCPipelineTests",
            dependencies: ["FCPipeline", "FCTestSupport", "FCCore", "FCStore", "FCDeckFormats", "FCGamification"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCSchedulerTests",
            dependencies: ["FCScheduler", "FCCore"],
            exclude: ["Vectors"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCGamificationTests",
            dependencies: ["FCGamification", "FCCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCGenCLITests",
            // Depends on the executables so `swift test` builds the binaries the end-to-end tests run.
            dependencies: ["fcgen", "fcgen-worker", "FCTestSupport", "FCStore", "FCCore", "FCDeckFormats"],
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
    ]
)
