import FCService
import Foundation
import HTTPTypes
import Testing

/// The OpenAPI document and the routes cannot disagree: the route table is read from the Hummingbird router that
/// ``buildApplication(_:store:logger:onListening:)`` built for the server (`Router.routes`, kept as
/// ``BuiltService/routes``), never from a list kept for the test, and compared with `docs/openapi.json` both ways.
/// Responses are checked against the document's schemas elsewhere (``OpenAPICheck``).
@Suite("Route table")
struct RouteTableTests {
    /// The only routes the document leaves out on purpose: the web app's files (`GET /`, `/sw.js`, `/app/…`,
    /// ``WebAppRoutes``), a browser's pages and scripts rather than the API. Everything else the router answers —
    /// every `/v1` route, health, readiness, metrics and the document itself — must be documented.
    static func isWebAppFile(_ route: RoutedPath) -> Bool {
        route.method == .get && (route.path == "/" || route.path == "/sw.js" || route.path.hasPrefix("/app/"))
    }

    /// `path` in the document's syntax: a parameter as `{id}`, whether the router prints it `{id}` or `:id`.
    static func normalised(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    /// Every operation of `docs/openapi.json`: `GET /v1/topics/{id}`.
    static func documentedOperations() throws -> Set<String> {
        let paths = try #require(try OpenAPIConformanceTests.document()["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head", "options", "trace"]
        var operations = Set<String>()
        for (path, item) in paths {
            for method in item.keys where methods.contains(method) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test("every route the router answers is documented with its method, and every documented operation is routed")
    func routerMatchesDocument() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let table = fixture.built().routes
        let webApp = table.filter(Self.isWebAppFile)
        let routed = Set(
            table.filter { !Self.isWebAppFile($0) }.map { "\($0.method.rawValue) \(Self.normalised($0.path))" })
        let documented = try Self.documentedOperations()

        let undocumented = routed.subtracting(documented).sorted()
        let unrouted = documented.subtracting(routed).sorted()
        #expect(undocumented.isEmpty, "routed but not in docs/openapi.json: \(undocumented)")
        #expect(unrouted.isEmpty, "in docs/openapi.json but not routed: \(unrouted)")

        // The table is the whole router's: the API and, set aside by name only, exactly the web app's files.
        #expect(routed.filter { $0.contains(" /v1/") }.count >= 40, "\(routed.sorted())")
        #expect(Set(webApp.map(\.path)) == Set(WebAppRoutes.paths), "\(webApp)")
        #expect(table.count == routed.count + webApp.count, "a method and path routed twice: \(table)")
    }
}
