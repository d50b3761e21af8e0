import HTTPTypes

/// The methods each path of ``ServiceRoutes`` takes, so a known path called with another method is answered
/// `405 Method Not Allowed` with `Allow` (RFC 9110 §15.5.6) instead of the router's plain 404.
package struct RouteMethods: Sendable {
    private struct Template: Sendable {
        /// The path's segments; `nil` stands for a parameter (`{id}`), which takes any one non-empty segment.
        var segments: [String?]
        var methods: Set<String>
    }

    private let templates: [Template]

    /// The table of `routes`, one entry per path template.
    package init(_ routes: [Route]) {
        var byPath: [String: Set<String>] = [:]
        for route in routes { byPath[route.path, default: []].insert(route.method.rawValue) }
        templates = byPath.map { path, methods in
            Template(
                segments: Self.segments(of: path).map { $0.hasPrefix("{") && $0.hasSuffix("}") ? nil : $0 },
                methods: methods)
        }
    }

    /// The methods `path` (a request's path, without the query) takes, sorted; empty when no route has the path.
    package func methods(forPath path: String) -> [String] {
        let segments = Self.segments(of: path)
        var methods = Set<String>()
        for template in templates where template.segments.count == segments.count {
            let matches = zip(template.segments, segments).allSatisfy { pattern, segment in
                pattern.map { $0 == segment } ?? !segment.isEmpty
            }
            if matches { methods.formUnion(template.methods) }
        }
        return methods.sorted()
    }

    private static func segments(of path: String) -> [String] {
        // Empty segments are kept (`/v1/topics//feed` names no topic); only the leading slash's is dropped.
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }
}
