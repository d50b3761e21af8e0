// swift-tools-version:6.0
import PackageDescription

/// Swift 6 language mode everywhere, plus the upcoming features that make imports and existentials explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "fcgen",
    // The pure modules build for Apple platforms too, so an iPhone or Mac app can embed the scheduler, gamification,
    // sanitizer and deck formats exactly as the server runs them.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "fcgen", targets: ["fcgen"]),
        .executable(name: "fcgen-bench", targets: ["fcgen-bench"]),
        .executable(name: "fcgen-worker", targets: ["fcgen-worker"]),
        // What an app embeds: the pure modules (no package dependencies) and the server-side use cases.
        .library(name: "FCCore", targets: ["FCCore"]),
        .library(name: "FCScheduler", targets: ["FCScheduler"]),
        .library(name: "FCGamification", targets: ["FCGamification"]),
        .library(name: "FCSanitizer", targets: ["FCSanitizer"]),
        .library(name: "FCDeckFormats", targets: ["FCDeckFormats"]),
        .library(name: "FCPipeline", targets: ["FCPipeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // The system SQLite library; only FCStore imports it.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        .target(name: "FCCore", swiftSettings: strictSettings),
        .target(name: "FCSanitizer", dependencies: ["FCCore"], swiftSettings: strictSettings),
        // Pure source reading for `generate --from`: format detection, UTF-8 lines, Markdown/HTML/text sections.
        .target(name: "FCSources", swiftSettings: strictSettings),
        .target(
            name: "FCGenerator",
            dependencies: [
                "FCCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: strictSettings,
            // fixtures/ (the offline demo's replies) and prompts/, compiled in at build time.
            plugins: ["EmbedFiles"]
        ),
        .target(
            name: "FCStore",
            dependencies: [
                "FCCore", "FCScheduler", "CSQLite",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The schema's history, one .sql file per version and engine, compiled into the binary.
            resources: [.embedInCode("Migrations/SQLite"), .embedInCode("Migrations/PostgreSQL")],
            swiftSettings: strictSettings
        ),
        .target(name: "FCScheduler", dependencies: ["FCCore"], swiftSettings: strictSettings),
        .target(name: "FCGamification", dependencies: ["FCCore"], swiftSettings: strictSettings),
        // Pure deck formats: card rules, CSV and Anki text readers/writers, image sniffing.
        .target(name: "FCDeckFormats", dependencies: ["FCCore"], swiftSettings: strictSettings),
        .target(
            name: "FCPipeline",
            dependencies: [
                "FCCore", "FCSanitizer", "FCGenerator", "FCStore", "FCScheduler", "FCDeckFormats", "FCGamification",
                "FCSources", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                // The generation runner: a service of `fcgen serve`'s group and of `fcgen-worker`'s.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // What both executables share: log handlers, library events as log lines, the exit-code table.
        // The JSON contract, the error codes and the pipeline's events as log lines: what the command line and the HTTP
        // service both speak.
        .target(
            name: "FCContract",
            dependencies: [
                "FCCore", "FCGenerator", "FCStore", "FCDeckFormats", "FCPipeline", "FCSanitizer",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FCCommandLine",
            dependencies: [
                "FCContract", "FCCore", "FCStore", "FCPipeline",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // The HTTP service behind `fcgen serve`: routes, auth, problem details, metrics.
        .target(
            name: "FCService",
            dependencies: [
                "FCCore", "FCStore", "FCPipeline", "FCContract", "FCGenerator", "FCGamification", "FCScheduler",
                "FCDeckFormats",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                // Passwords: bcrypt, run on NIO's blocking thread pool (it is slow on purpose).
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                // Web Push: reminders posted to browsers' push services.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictSettings,
            // webapp/ and docs/openapi.json, compiled in at build time.
            plugins: ["EmbedFiles"]
        ),
        .target(
            name: "FCTestSupport",
            dependencies: [
                "FCCore", "FCGenerator", "FCStore", "CSQLite",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                // The loopback LLM stub: a Hummingbird app in the test process, NIO where it breaks HTTP on purpose.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "fcgen",
            dependencies: [
                "FCPipeline",
                "FCCommandLine",
                "FCContract",
                "FCCore",
                "FCGenerator",
                "FCStore",
                "FCSanitizer",
                "FCScheduler",
                "FCDeckFormats",
                "FCGamification",
                "FCService",
                "FCSources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "fcgen-worker",
            dependencies: [
                "FCPipeline",
                "FCCommandLine",
                "FCContract",
                "FCCore",
                "FCGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // Writes the Swift tables of the folders EmbedFiles compiles in (a build tool, not installed).
        .executableTarget(name: "fcgen-embed", swiftSettings: strictSettings),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["fcgen-embed"]),
        .executableTarget(
            name: "fcgen-bench",
            dependencies: [
                "FCPipeline", "FCTestSupport", "FCStore", "FCDeckFormats", "FCGamification", "FCScheduler", "FCCore",
                "FCGenerator", "FCSanitizer", "FCService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        .testTarget(name: "FCCoreTests", dependencies: ["FCCore"], swiftSettings: strictSettings),
        .testTarget(name: "FCSourcesTests", dependencies: ["FCSources"], swiftSettings: strictSettings),
        .testTarget(
            name: "FCDeckFormatsTests", dependencies: ["FCDeckFormats", "FCCore", "FCTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "FCSanitizerTests",
            dependencies: ["FCSanitizer", "FCCore"],
            exclude: ["Samples", "QualityCorpus"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCGeneratorTests",
            dependencies: [
                "FCGenerator", "FCTestSupport", "FCCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCStoreTests",
            dependencies: [
                "FCStore", "FCPipeline", "FCTestSupport", "FCCore", "FCScheduler",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            exclude: ["Upgrades/Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCPipelineTests",
            dependencies: [
                "FCPipeline", "FCTestSupport", "FCCore", "FCStore", "FCDeckFormats", "FCGamification", "FCGenerator",
                "FCScheduler", "FCSanitizer",
            ],
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
            name: "FCCommandLineTests",
            dependencies: [
                "FCContract",
                "FCCommandLine", "FCCore", "FCGenerator", "FCStore", "FCPipeline",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCServiceTests",
            // Depends on `fcgen` so `swift test` builds the binary the tests run as `fcgen serve`.
            dependencies: [
                "fcgen", "FCService", "FCPipeline", "FCStore", "FCTestSupport", "FCCore", "FCCommandLine", "FCContract",
                "FCGamification", "FCGenerator", "FCDeckFormats",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // Web Push tests play the browser: its key pair, and RFC 8291's decryption.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Read by SchemathesisTests from the source tree.
            exclude: ["schemathesis.toml"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FCGenCLITests",
            // Depends on the executables so `swift test` builds the binaries the end-to-end tests run.
            dependencies: [
                "fcgen", "fcgen-worker", "FCTestSupport", "FCStore", "FCCore", "FCDeckFormats", "FCScheduler",
                "FCCommandLine", "FCService", "FCPipeline", "CSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
    ]
)
