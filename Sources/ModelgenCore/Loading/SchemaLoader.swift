/// The first stage: reads a schema's text into a ``SchemaSyntax`` with source locations.
public protocol SchemaLoader: Sendable {
    func load(_ source: SchemaSource) throws(DiagnosticsError) -> SchemaSyntax
}
