extension Validation {
    /// A count or aggregate `by` a field: a group for each of its values, named by a string or a
    /// string enum (a reference's `id` too), whose values are equal only when their code points are.
    mutating func resolveGrouped(
        _ function: StreamKind.Grouped.Function, by: Located<[String]>, field: FieldPath?, predicate: Predicate?,
        over source: (stream: StreamDefinition, element: String)
    ) -> StreamKind? {
        guard let key = resolveFieldPath(by.value, in: model(fieldsOf: source.element) ?? [], owner: source.element, at: by.location) else { return nil }
        guard key.type.nonOptional == .string || enumValues(of: key.type) != nil else {
            diagnostics.error("'by' needs a string or string enum field, whose values name the groups; '\(by.value.joined(separator: "."))' is \(key.type.schemaSpelling)", at: by.location)
            return nil
        }
        return .grouped(.init(function: function, input: source.stream.name, element: source.element, key: key, field: field, predicate: predicate))
    }
}
