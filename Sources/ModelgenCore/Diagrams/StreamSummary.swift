/// What a stream emits and what it reads, in words and the schema's own spelling, for the model
/// page and for the doc comment of a stream the schema leaves undocumented:
/// "a list of `Message`: `Message` where `likeCount >= 10`, ordered by `createdAt desc`, at most 50".
enum StreamSummary {
    /// The stream's emission and reads as one sentence.
    static func sentence(_ stream: StreamDefinition) -> String {
        let emission = emission(stream.output)
        var reads = reads(stream.kind)
        if case let .query(query) = stream.kind, reads == code(query.collection) { reads = "every \(reads) document" }
        return emission.prefix(1).uppercased() + emission.dropFirst() + ": " + reads + "."
    }

    static func emission(_ output: StreamOutput) -> String {
        switch output {
        case let .list(element): "a list of \(code(element))"
        case let .document(type): "one \(code(type)), or none"
        case .count: "a count"
        case let .value(type):
            ([.int, .double].contains(type.nonOptional) ? "a number" : "one \(code(type.nonOptional.schemaSpelling))") + (type.isOptional ? ", or none" : "")
        case let .record(type): "a \(code(type))"
        case let .groups(key, value):
            "one \(code(value.schemaSpelling)) for each \(code(key.schemaSpelling)), in order"
        }
    }

    /// `Message` where `likeCount >= 10`, ordered by `createdAt desc`, at most 50; a collection
    /// group's query reads "every `Review` of its collection group".
    static func reads(_ kind: StreamKind) -> String {
        switch kind {
        case let .document(collection):
            return "the \(code(collection)) with the id"
        case let .query(query):
            let source = query.isCollectionGroup ? "every \(code(query.collection)) of its collection group" : code(query.collection)
            var parts = [source + (query.filter.map { " where \(code(SchemaText.predicate($0)))" } ?? "")]
            if !query.orderBy.isEmpty { parts.append("ordered by \(code(SchemaText.order(query.orderBy)))") }
            if let start = query.start { parts.append(describe(start, words: ("from", "after"))) }
            if let end = query.end { parts.append(describe(end, words: ("up to", "before"))) }
            if let limit = query.limit { parts.append("at most \(describe(limit))") }
            if let limitToLast = query.limitToLast { parts.append("the last \(describe(limitToLast))") }
            return parts.joined(separator: ", ")
        case let .filter(filter):
            return "\(code(filter.input)) where \(code(SchemaText.predicate(filter.predicate)))"
        case let .count(count):
            return code(count.input) + (count.predicate.map { " where \(code(SchemaText.predicate($0)))" } ?? "")
        case let .join(join):
            let on = "\(join.leftKey.names.joined(separator: ".")) == \(join.rightKey.names.joined(separator: "."))"
            return "\(code(join.left)) joined with \(code(join.right)) on \(code(on))" + (join.inner ? ", inner" : "")
        case let .distinct(distinct):
            return "the first row of \(code(distinct.input)) for each \(code(distinct.key.names.joined(separator: ".")))"
        case let .sort(sort):
            var parts = [code(sort.input)]
            if !sort.orderBy.isEmpty { parts.append("ordered by \(code(SchemaText.order(sort.orderBy)))") }
            if let limit = sort.limit { parts.append("the first \(describe(limit))") }
            return parts.joined(separator: ", ")
        case let .aggregate(aggregate):
            let field = code(aggregate.field.names.joined(separator: "."))
            let function = word(for: aggregate.function.rawValue)
            return "the \(function) of \(field) over \(code(aggregate.input))" + (aggregate.predicate.map { " where \(code(SchemaText.predicate($0)))" } ?? "")
        case let .grouped(grouped):
            let function = word(for: grouped.function.rawValue)
            let field = grouped.field.map { " of \(code($0.names.joined(separator: ".")))" } ?? ""
            let filter = grouped.predicate.map { " where \(code(SchemaText.predicate($0)))" } ?? ""
            return "the \(function)\(field) of \(code(grouped.input))\(filter), by \(code(grouped.key.names.joined(separator: ".")))"
        case let .combine(combine):
            return "the latest of " + combine.inputs.map(code).joined(separator: ", ")
        }
    }

    /// `after the row `after``, `from `[$top, "m"]``.
    private static func describe(_ cursor: StreamKind.QueryCursor, words: (inclusive: String, exclusive: String)) -> String {
        let word = cursor.inclusive ? words.inclusive : words.exclusive
        switch cursor.position {
        case let .row(parameter): return "\(word) the row \(code("$" + parameter.name))"
        case let .values(values): return "\(word) \(code("[" + values.map(SchemaText.operand).joined(separator: ", ") + "]"))"
        }
    }

    /// `50`, or the parameter giving it: `` `count` ``.
    private static func describe(_ limit: StreamKind.QueryLimit) -> String {
        switch limit {
        case let .count(count): "\(count)"
        case let .parameter(parameter): code(parameter.name)
        }
    }

    /// An aggregate's function in words: `sum`, `minimum`.
    private static func word(for function: String) -> String {
        ["min": "minimum", "max": "maximum"][function] ?? function
    }

    private static func code(_ text: String) -> String {
        SchemaText.code(text)
    }
}
