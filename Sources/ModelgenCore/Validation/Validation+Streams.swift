extension Validation {
    /// Where a stream stands while streams are resolved in dependency order.
    enum StreamState {
        case resolving
        case resolved(StreamDefinition)
        case failed
    }

    /// Resolves every stream, inputs before the streams that read them, in schema order.
    mutating func resolveStreams() -> [StreamDefinition] {
        var syntaxByName: [String: StreamSyntax] = [:]
        for syntax in schema.streams {
            guard checkName(syntax.name, what: "stream name") else { continue }
            let name = NameCase.lowerCamel(syntax.name.value)
            if let first = syntaxByName[name] {
                let how = first.name.value == syntax.name.value ? "" : " (both become '\(name)')"
                diagnostics.error("stream '\(syntax.name.value)' is declared twice\(how); the first is at line \(first.name.location.line)", at: syntax.name.location)
                continue
            }
            if let reason = reserved.streams[name] {
                diagnostics.error("stream name '\(name)' is \(reason); choose another name", at: syntax.name.location)
                continue
            }
            syntaxByName[name] = syntax
        }
        for (name, syntax) in syntaxByName.sorted(by: { $0.key < $1.key }) {
            if let reader = syntaxByName[StreamDefinition.readName(of: name)] {
                diagnostics.error("stream '\(reader.name.value)' has the name of the one-shot read of stream '\(syntax.name.value)'; choose another name", at: reader.name.location)
            }
        }
        checkWriteNames(streams: syntaxByName)
        var resolver = StreamResolver(syntaxByName: syntaxByName)
        for syntax in schema.streams where syntaxByName[NameCase.lowerCamel(syntax.name.value)]?.name == syntax.name {
            _ = resolver.resolve(NameCase.lowerCamel(syntax.name.value), validation: &self)
        }
        checkSkippedReferences(streams: syntaxByName)
        return schema.streams.compactMap {
            if case let .resolved(stream)? = resolver.states[NameCase.lowerCamel($0.name.value)], $0.name == syntaxByName[stream.name]?.name {
                return stream
            }
            return nil
        }
    }

    /// Refuses streams named like the model's typed writes (`createMessage`, …, `commit`) or `runTransaction`.
    private mutating func checkWriteNames(streams: [String: StreamSyntax]) {
        var writes = ["commit": "the method that commits the model's writes", "runTransaction": "the method that runs the model's transactions"]
        for collection in schema.collections {
            for kind in WriteDefinition.Kind.allCases {
                writes[NameCase.lowerCamel(kind.rawValue + collection.object.name.value)] = "the \(kind.rawValue) of collection '\(collection.object.name.value)'"
            }
        }
        for (name, syntax) in streams.sorted(by: { $0.key < $1.key }) {
            guard let write = writes[name] else { continue }
            diagnostics.error("stream '\(syntax.name.value)' has the name of \(write); choose another name", at: syntax.name.location)
        }
    }

    /// Reports what streams the loader left out read that does not exist, as if they were kept.
    private mutating func checkSkippedReferences(streams: [String: StreamSyntax]) {
        for reference in schema.skipped.references {
            if reference.isCollection {
                _ = collection(reference.name)
            } else if streams[NameCase.lowerCamel(reference.name.value)] == nil {
                reportUnknownStream(reference.name, among: streams)
            }
        }
    }

    /// Reports an input that names no stream, suggesting the closest one that emits rows, as
    /// every input must, before any other.
    mutating func reportUnknownStream(_ reference: Located<String>, among streams: [String: StreamSyntax]) {
        guard !skipped.streams.contains(NameCase.lowerCamel(reference.value)) else { return }
        let fitting = streams.filter { $0.value.kind.emitsRows }.keys.sorted()
        let suggestion = Hint.closest(to: reference.value, in: fitting) ?? Hint.closest(to: reference.value, in: streams.keys.sorted())
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        diagnostics.error("unknown stream '\(reference.value)'\(hint)", at: reference.location)
    }

    /// Adds `parameter` unless present; the same name with another type is an error.
    /// A query's limit; a `$parameter` is an `int` parameter of the stream.
    mutating func queryLimit(_ syntax: Located<LimitSyntax>, stream: inout StreamDefinition) -> StreamKind.QueryLimit {
        switch syntax.value {
        case let .count(count):
            return .count(count)
        case let .parameter(written):
            let parameter = Parameter(name: NameCase.lowerCamel(written), type: .int)
            merge(parameter, into: &stream.parameters, at: syntax.location, stream: stream.name)
            return .parameter(parameter)
        }
    }

    mutating func merge(_ parameter: Parameter, into parameters: inout [Parameter], at location: SourceLocation, stream: String) {
        merge(parameter, into: &parameters, at: location, of: "stream '\(stream)'")
    }

    /// Adds `parameter` to those of `owner` (`stream 'x'`, `write 'y'`) unless present; the same
    /// name with another type is an error.
    mutating func merge(_ parameter: Parameter, into parameters: inout [Parameter], at location: SourceLocation, of owner: String) {
        if let existing = parameters.first(where: { $0.name == parameter.name }) {
            if existing.type != parameter.type {
                diagnostics.error("parameter '\(parameter.name)' of \(owner) is \(parameter.type.schemaSpelling) here but \(existing.type.schemaSpelling) elsewhere; a parameter has one type", at: location)
            }
            return
        }
        parameters.append(parameter)
    }
}

/// Resolves streams depth-first, finding cycles between them.
struct StreamResolver {
    let syntaxByName: [String: StreamSyntax]
    var states: [String: Validation.StreamState] = [:]
    var stack: [String] = []

    mutating func resolve(_ name: String, validation: inout Validation) -> StreamDefinition? {
        switch states[name] {
        case let .resolved(stream): return stream
        case .failed, .resolving: return nil
        case nil: break
        }
        guard let syntax = syntaxByName[name] else { return nil }
        states[name] = .resolving
        stack.append(name)
        defer { stack.removeLast() }
        if let stream = validation.resolveStream(syntax, input: { reference, validation in
            self.input(reference, of: name, validation: &validation)
        }) {
            states[name] = .resolved(stream)
            return stream
        }
        states[name] = .failed
        return nil
    }

    /// The stream that `reference` names, resolved first; reports unknown names and cycles.
    private mutating func input(_ reference: Located<String>, of reader: String, validation: inout Validation) -> StreamDefinition? {
        let name = NameCase.lowerCamel(reference.value)
        guard syntaxByName[name] != nil else {
            validation.reportUnknownStream(reference, among: syntaxByName)
            return nil
        }
        if case .resolving? = states[name] {
            let cycle = stack[stack.firstIndex(of: name)!...] + [name]
            validation.diagnostics.error("streams form a cycle: \(cycle.joined(separator: " → "))", at: reference.location)
            for member in cycle { states[member] = .failed }
            return nil
        }
        return resolve(name, validation: &validation)
    }
}

extension Validation {
    typealias InputResolver = (Located<String>, inout Validation) -> StreamDefinition?

    mutating func resolveStream(_ syntax: StreamSyntax, input: InputResolver) -> StreamDefinition? {
        let name = NameCase.lowerCamel(syntax.name.value)
        var stream = StreamDefinition(name: name, doc: syntax.doc, parameters: [], kind: .document(collection: ""), debounce: syntax.debounce)
        switch syntax.kind {
        case let .document(reference):
            guard let collection = collection(reference) else { return nil }
            stream.parameters = collection.pathParameters
            merge(Parameter(name: "id", type: .string), into: &stream.parameters, at: reference.location, stream: name)
            stream.kind = .document(collection: collection.name)
        case let .from(reference, filter, orderBy, limit, limitToLast, cursors, group):
            guard let kind = resolveQuery(
                reference, filter: filter, orderBy: orderBy, limit: limit, limitToLast: limitToLast, cursors: cursors, group: group, stream: &stream
            ) else { return nil }
            stream.kind = kind
        case let .filter(reference, filter):
            guard let source = listInput(reference, input: input, for: syntax.name.value, stream: &stream),
                  let predicate = checkPredicate(filter, over: model(fieldsOf: source.element) ?? [], owner: source.element, isStoreQuery: false, stream: &stream)
            else { return nil }
            stream.kind = .filter(.init(input: source.stream.name, element: source.element, predicate: predicate))
        case let .count(reference, filter, by):
            guard let source = listInput(reference, input: input, for: syntax.name.value, stream: &stream),
                  let predicate = rowFilter(filter, of: source.element, stream: &stream)
            else { return nil }
            if let by {
                guard let kind = resolveGrouped(.count, by: by, field: nil, predicate: predicate, over: source) else { return nil }
                stream.kind = kind
            } else {
                stream.kind = .count(.init(input: source.stream.name, element: source.element, predicate: predicate))
            }
        case let .sort(reference, orderBy, limit):
            guard let source = listInput(reference, input: input, for: syntax.name.value, stream: &stream) else { return nil }
            let errors = diagnostics.diagnostics.count
            let keys = resolveOrder(orderBy, fields: model(fieldsOf: source.element) ?? [], owner: source.element, isStoreQuery: false)
            guard diagnostics.diagnostics.count == errors else { return nil }
            stream.kind = .sort(.init(input: source.stream.name, element: source.element, orderBy: keys, limit: limit.map { queryLimit($0, stream: &stream) }))
        case let .aggregate(function, reference, of, filter, by):
            guard let source = listInput(reference, input: input, for: syntax.name.value, stream: &stream),
                  let kind = resolveAggregate(function, of: of, filter: filter, by: by, over: source, stream: &stream)
            else { return nil }
            stream.kind = kind
        case let .join(join):
            guard let kind = resolveJoin(join, input: input, streamName: syntax.name.value, stream: &stream) else { return nil }
            stream.kind = kind
        case let .combine(inputs, typeName):
            guard let kind = resolveCombine(inputs, typeName: typeName, name: syntax.name, input: input, stream: &stream) else { return nil }
            stream.kind = kind
        case let .distinct(reference, by):
            guard let source = listInput(reference, input: input, for: syntax.name.value, stream: &stream),
                  let key = resolveFieldPath(by.value, in: model(fieldsOf: source.element) ?? [], owner: source.element, at: by.location)
            else { return nil }
            guard isKey(key.type) else {
                diagnostics.error("'by' needs a string, number, bool, timestamp or string enum field; '\(by.value.joined(separator: "."))' is \(key.type.schemaSpelling)", at: by.location)
                return nil
            }
            stream.kind = .distinct(.init(input: source.stream.name, element: source.element, key: key))
        }
        return stream
    }

    /// A `from` stream: the collection's query (or its collection group's), its filter, order, limits and cursors.
    private mutating func resolveQuery(
        _ reference: Located<String>, filter: PredicateSyntax?, orderBy: [OrderSyntax]?, limit: Located<LimitSyntax>?,
        limitToLast: Located<LimitSyntax>?, cursors: [CursorSyntax], group: Located<Bool>?, stream: inout StreamDefinition
    ) -> StreamKind? {
        guard let collection = collection(reference) else { return nil }
        let isGroup = group?.value ?? false
        if let group, isGroup, !checkCollectionGroup(group, collection: collection, filter: filter, orderBy: orderBy, cursors: cursors) { return nil }
        // A group's rows come from every parent: it takes no path parameters.
        stream.parameters = isGroup ? [] : collection.pathParameters
        var predicate: Predicate?
        if let filter {
            guard let checked = checkPredicate(filter, over: collection.allFields, owner: collection.name, isStoreQuery: true, stream: &stream) else { return nil }
            predicate = checked
        }
        if let orderBy { diagnostics.append(contentsOf: StoreQueryRules.orderProblems(orderBy, filter: filter)) }
        let order = orderBy.map { resolveOrder($0, fields: collection.allFields, owner: collection.name) } ?? collection.orderBy
        if orderBy == nil, let filter, order.last?.path.steps.first?.isDocumentID == true,
           let field = StoreQueryRules.inequalityLeftOut(by: order.map { $0.path.steps.map(\.name) }, in: filter) {
            diagnostics.error(StoreQueryRules.inequalityAfterIDMessage(field.field), at: field.op.location)
        }
        if let group, isGroup, orderBy == nil, !checkGroupOrder(order, collection: collection, at: group.location) { return nil }
        if let limitToLast {
            // Firestore: "limitToLast() queries require specifying at least one orderBy() clause".
            if limit != nil {
                diagnostics.error("a store query takes 'limit' or 'limitToLast', not both", at: limitToLast.location)
            } else if order.isEmpty {
                diagnostics.error("'limitToLast' takes the last documents of an order; give the stream an 'orderBy' (or collection '\(collection.name)' one)", at: limitToLast.location)
            }
        }
        guard let (start, end) = resolveCursors(cursors, collection: collection, order: order, stream: &stream) else { return nil }
        return .query(.init(
            collection: collection.name, filter: predicate, orderBy: order,
            limit: limit.map { queryLimit($0, stream: &stream) }, limitToLast: limitToLast.map { queryLimit($0, stream: &stream) },
            start: start, end: end, groupRow: isGroup ? GroupRowType.name(of: collection.name) : nil
        ))
    }

    /// A sum or average of an int or double field; a minimum or maximum of any field with an order
    /// but a bool; with `by`, for each value of that field.
    private mutating func resolveAggregate(
        _ function: StreamKind.Aggregate.Function, of: Located<[String]>, filter: PredicateSyntax?, by: Located<[String]>?,
        over source: (stream: StreamDefinition, element: String), stream: inout StreamDefinition
    ) -> StreamKind? {
        guard let field = resolveFieldPath(of.value, in: model(fieldsOf: source.element) ?? [], owner: source.element, at: of.location),
              let predicate = rowFilter(filter, of: source.element, stream: &stream)
        else { return nil }
        let (fits, wanted) = switch function {
        case .sum, .average: ([.int, .double].contains(field.type.nonOptional), "an int or double")
        case .min, .max: (isKey(field.type) && field.type.nonOptional != .bool && !field.type.isReference, "an int, double, timestamp, string or string enum")
        }
        guard fits else {
            diagnostics.error("'\(function)' needs \(wanted) field; '\(of.value.joined(separator: "."))' is \(field.type.schemaSpelling)", at: of.location)
            return nil
        }
        if let by, let grouped = StreamKind.Grouped.Function(rawValue: function.rawValue) {
            return resolveGrouped(grouped, by: by, field: field, predicate: predicate, over: source)
        }
        return .aggregate(.init(function: function, input: source.stream.name, element: source.element, field: field, predicate: predicate))
    }

    /// A count's or an aggregate's `where`, checked against its rows: `.some(nil)` when there is
    /// none, nil when it is wrong.
    private mutating func rowFilter(_ filter: PredicateSyntax?, of element: String, stream: inout StreamDefinition) -> Predicate?? {
        guard let filter else { return .some(nil) }
        return checkPredicate(filter, over: model(fieldsOf: element) ?? [], owner: element, isStoreQuery: false, stream: &stream).map { .some($0) }
    }

    mutating func collection(_ reference: Located<String>) -> CollectionDefinition? {
        let name = NameCase.upperCamel(reference.value)
        if let collection = collectionsByName[name] { return collection }
        if fieldsByType[name] != nil {
            diagnostics.error("'\(reference.value)' is an embedded type, not a collection", at: reference.location)
        } else if !skipped.types.contains(name) {
            let hint = Hint.closest(to: reference.value, in: collections.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("unknown collection '\(reference.value)'\(hint)", at: reference.location)
        }
        return nil
    }

    /// An input that emits lists, with its parameters merged into `stream`'s.
    private mutating func listInput(_ reference: Located<String>, input: InputResolver, for reader: String, stream: inout StreamDefinition) -> (stream: StreamDefinition, element: String)? {
        guard let source = input(reference, &self) else { return nil }
        guard case let .list(element) = source.output else {
            diagnostics.error("stream '\(reference.value)' emits \(source.output.summary); '\(reader)' needs a stream of rows (from, filter, join, distinct or sort)", at: reference.location)
            return nil
        }
        for parameter in source.parameters {
            merge(parameter, into: &stream.parameters, at: reference.location, stream: stream.name)
        }
        return (source, element)
    }

    private mutating func resolveJoin(_ join: JoinSyntax, input: InputResolver, streamName: String, stream: inout StreamDefinition) -> StreamKind? {
        let left = listInput(join.left, input: input, for: streamName, stream: &stream)
        let right = listInput(join.right, input: input, for: streamName, stream: &stream)
        guard checkName(join.alias, what: "join alias"), let left, let right else { return nil }
        guard case let .comparison(leftOperand, op, rightOperand) = join.on, op.value == .equal,
              case let .field(leftNames) = leftOperand.kind, case let .field(rightNames) = rightOperand.kind
        else {
            diagnostics.error("'on' must be '<field of \(join.left.value)> == <field of \(join.right.value)>', like 'ownerUid == id'", at: join.onLocation)
            return nil
        }
        let leftKey = resolveFieldPath(leftNames, in: model(fieldsOf: left.element) ?? [], owner: left.element, at: leftOperand.location)
        let rightKey = resolveFieldPath(rightNames, in: model(fieldsOf: right.element) ?? [], owner: right.element, at: rightOperand.location)
        guard let leftKey, let rightKey else { return nil }
        let matchesReference = leftKey.type.nonOptional == .reference(right.element) && rightKey.isDocumentID
        if case let .reference(collection) = leftKey.type.nonOptional, rightKey.isDocumentID, !matchesReference {
            diagnostics.error("'\(leftNames.joined(separator: "."))' refers to documents of '\(collection)', and '\(join.right.value)' emits rows of '\(right.element)'; join it with a stream of '\(collection)' rows", at: op.location)
            return nil
        }
        guard matchesReference || (leftKey.type.nonOptional == rightKey.type.nonOptional && isKey(leftKey.type)) else {
            diagnostics.error("cannot join \(leftKey.type.schemaSpelling) '\(leftNames.joined(separator: "."))' with \(rightKey.type.schemaSpelling) '\(rightNames.joined(separator: "."))'; join keys are strings, numbers, bools, timestamps, string enums or references of one type, or a reference and the 'id' of the rows of the collection it refers to", at: op.location)
            return nil
        }
        let leftName = NameCase.lowerCamel(left.element)
        let alias = NameCase.lowerCamel(join.alias.value)
        guard alias != leftName else {
            diagnostics.error("join alias '\(join.alias.value)' is the name of the left row ('\(leftName)'); choose another", at: join.alias.location)
            return nil
        }
        let typeName = join.typeName.map { NameCase.upperCamel($0.value) } ?? left.element + "With" + NameCase.upperCamel(join.alias.value)
        let row = JoinType(
            name: typeName,
            left: Field(name: leftName, key: leftName, type: .object(left.element), defaultValue: nil, doc: nil),
            right: Field(name: alias, key: alias, type: join.inner ? .object(right.element) : .optional(.object(right.element)), defaultValue: nil, doc: nil)
        )
        guard declareJoinType(row, at: join.typeName?.location ?? join.alias.location) else { return nil }
        return .join(.init(
            left: left.stream.name, right: right.stream.name, leftKey: leftKey, rightKey: rightKey,
            matchesReference: matchesReference, type: typeName, inner: join.inner
        ))
    }

    /// Adds a join row type; two joins may share one only if the rows are the same.
    private mutating func declareJoinType(_ row: JoinType, at location: SourceLocation) -> Bool {
        if let existing = joinDeclarations[row.name] {
            guard joins[existing.index] == row else {
                diagnostics.error("join row type '\(row.name)' is already defined with other fields (line \(existing.location.line)); name this one with 'type:'", at: location)
                return false
            }
            return true
        }
        if takenTypeName(row.name) != nil {
            diagnostics.error("join row type '\(row.name)' collides with a type of the same name; name it with 'type:'", at: location)
            return false
        }
        joinDeclarations[row.name] = (joins.count, location)
        joins.append(row)
        fieldsByType[row.name] = row.fields
        return true
    }
}
