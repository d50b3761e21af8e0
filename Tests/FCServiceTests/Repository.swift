import Foundation

/// The package's checkout, for the files tests read from it (docs/openapi.json, webapp/, Tests/Support).
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
