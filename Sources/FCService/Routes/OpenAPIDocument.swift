/// The OpenAPI 3.1 document of the service: `docs/openapi.json`, compiled in at build time (the EmbedFiles plugin)
/// and served as it is written.
enum OpenAPIDocument {
    static var text: String {
        guard let text = EmbeddedOpenAPI.files["openapi.json"] else {
            preconditionFailure("docs/openapi.json was not compiled in (Package.swift: EmbedFiles)")
        }
        return text
    }
}
