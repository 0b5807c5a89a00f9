extension Validation {
    mutating func resolveCollection(_ syntax: CollectionSyntax) -> CollectionDefinition {
        let name = NameCase.upperCamel(syntax.object.name.value)
        var collection = CollectionDefinition(
            name: name, doc: syntax.object.doc, path: resolvePath(syntax.path, locator: syntax.pathLocator),
            fields: resolveFields(syntax.object.fields, owner: syntax.object.name.value, isCollection: true),
            orderBy: []
        )
        diagnostics.append(contentsOf: StoreQueryRules.orderProblems(syntax.orderBy, filter: nil))
        collection.orderBy = resolveOrder(syntax.orderBy, fields: collection.allFields, owner: name)
        (collection.line, collection.column) = (syntax.object.name.location.line, syntax.object.name.location.column)
        collection.access = syntax.access.flatMap { resolveAccess($0, of: collection) }
        for field in collection.fields where collection.pathParameters.contains(where: { $0.name == field.name }) && field.type.nonOptional != .string {
            let located = syntax.object.fields.first { NameCase.lowerCamel($0.name.value) == field.name }?.name.location
            diagnostics.error("field '\(field.name)' is named like the path parameter {\(field.name)}, whose value typed writes store in it; it must be a string, not \(field.type.schemaSpelling)", at: located ?? syntax.path.location)
        }
        return collection
    }

    /// `chatrooms/{roomId}/messages`: an odd number of segments, each a name or a `{parameter}`.
    private mutating func resolvePath(_ path: Located<String>, locator: TextLocator) -> [PathSegment] {
        var segments: [PathSegment] = []
        var parameters: Set<String> = []
        var offset = 0
        let parts = path.value.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            let text = String(String.UnicodeScalarView(part))
            let location = locator.location(at: offset)
            offset += part.count + 1
            if text.hasPrefix("{") || text.hasSuffix("}") {
                let name = String(text.dropFirst().dropLast())
                guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else {
                    diagnostics.error("a path parameter is a whole segment written '{name}', found '\(text)'", at: location)
                    continue
                }
                guard checkName(Located(name, at: location.advanced(by: 1)), what: "path parameter") else { continue }
                let parameter = NameCase.lowerCamel(name)
                if parameter == "id" {
                    diagnostics.error("path parameter '{\(name)}' takes the name of the document's id, which the streams, writes and getters of the collection also take; rename it, like '{parentId}'", at: location)
                } else if WriteDefinition.Kind.preconditionNames.contains(parameter) {
                    diagnostics.error("path parameter '{\(name)}' takes the name of an option of the collection's typed writes; rename it", at: location)
                } else if !parameters.insert(parameter).inserted {
                    diagnostics.error("path parameter '{\(name)}' appears twice in '\(path.value)'", at: location)
                }
                segments.append(.parameter(parameter))
            } else if text.isEmpty || text == "." || text == ".." || text.contains(where: { "{}".contains($0) })
                        || (text.hasPrefix("__") && text.hasSuffix("__")) {
                let what = text.isEmpty ? "an empty segment" : "segment '\(text)'"
                diagnostics.error("collection path '\(path.value)' has \(what); segments are names or '{parameters}'", at: location)
            } else {
                segments.append(.literal(text))
            }
        }
        if parts.count % 2 == 0 {
            diagnostics.error("'\(path.value)' is a document path; a collection path has an odd number of segments, like 'rooms' or 'rooms/{roomId}/messages'", at: path.location)
        }
        return segments
    }

    /// Resolves `orderBy` keys against the fields of the collection.
    /// Keys a store query orders by (`isStoreQuery`: Firestore leaves out documents without
    /// them, which a warning says), or the keys of a sort stream, on the client (nil first).
    mutating func resolveOrder(_ keys: [OrderSyntax], fields: [Field], owner: String, isStoreQuery: Bool = true) -> [OrderKey] {
        keys.compactMap { key in
            guard let steps = resolveFields(key.path.value, in: fields, owner: owner, at: key.path.location) else { return nil }
            let path = FieldPath(fields: steps)
            let type = path.type.nonOptional
            if isStoreQuery, path.readsIntoReference {
                let reference = key.path.value.dropLast().joined(separator: ".")
                diagnostics.error("a store query cannot order by part of a reference ('\(key.path.value.joined(separator: "."))'): Firestore orders whole references, by path; order by '\(reference)', or use a sort stream", at: key.path.location)
                return nil
            }
            guard isOrdered(type) else {
                diagnostics.error("cannot order by '\(key.path.value.joined(separator: "."))' of type \(path.type.schemaSpelling); order by a string, number, bool, timestamp, bytes, reference, geopoint or string enum", at: key.path.location)
                return nil
            }
            let setOnCreate = steps.last?.serverTimestamp.contains(.create) == true
            if isStoreQuery, steps.dropLast().contains(where: \.type.isOptional) || (steps.last?.type.isOptional == true && !setOnCreate) {
                let field = key.path.value.joined(separator: ".")
                diagnostics.warning("documents of '\(owner)' without '\(field)' (missing, not null) are left out: Firestore returns only documents that have every field a query orders by (a timestamp the server sets on create says so with 'serverTimestamp: create')", at: key.path.location)
            }
            return OrderKey(path: path, descending: key.descending)
        }
    }

    /// `owner.name`: each step a field of the previous step's embedded (or row) type.
    mutating func resolveFieldPath(_ names: [String], in rootFields: [Field], owner: String, at location: SourceLocation) -> FieldPath? {
        resolveFields(names, in: rootFields, owner: owner, at: location).map(FieldPath.init(fields:))
    }

    /// The fields along `owner.name`, or nil after reporting why there are none.
    mutating func resolveFields(_ names: [String], in rootFields: [Field], owner: String, at location: SourceLocation) -> [Field]? {
        switch fieldPath(names, in: rootFields, owner: owner, at: location) {
        case let .found(steps): return steps
        case let .problem(diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .skipped: return nil
        }
    }

    /// The outcome of looking up a field path.
    enum FieldPathLookup {
        /// The field of each step.
        case found([Field])
        case problem(Diagnostic)
        /// The path names a field the loader left out, already reported.
        case skipped
    }

    func fieldPath(_ names: [String], in rootFields: [Field], owner: String, at location: SourceLocation) -> FieldPathLookup {
        var steps: [Field] = []
        var fields = rootFields
        var ownerName = owner
        for (index, written) in names.enumerated() {
            let name = NameCase.lowerCamel(written)
            guard let field = fields.first(where: { $0.name == name }) else {
                if skipped.fields[ownerName]?.contains(name) == true { return .skipped }
                let hint = Hint.closest(to: written, in: fields.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                return .problem(.error("'\(ownerName)' has no field '\(written)'\(hint)", at: location))
            }
            steps.append(field)
            guard index < names.count - 1 else { break }
            if case let .reference(collection) = field.type.nonOptional {
                return referencePart(names, after: index, of: collection, steps: steps, at: location)
            }
            guard case let .object(typeName) = field.type.nonOptional, let next = model(fieldsOf: typeName) else {
                return .problem(.error("'\(names[...index].joined(separator: "."))' is \(field.type.schemaSpelling); only embedded types and references have fields to name after '.'", at: location))
            }
            fields = next
            ownerName = typeName
        }
        return .found(steps)
    }

    /// `assignee.id`, `author.roomId`: the id or a path parameter of the document a reference
    /// names, the last step of a path; strings, read on the client (a store query compares
    /// whole references).
    private func referencePart(_ names: [String], after index: Int, of collection: String, steps: [Field], at location: SourceLocation) -> FieldPathLookup {
        let parameters = collectionsByName[collection]?.path.parameterNames ?? []
        let written = names[index + 1]
        // A parameter is named as the path writes it (`{room_id}`) or as the code does (`roomId`).
        guard names.count == index + 2, let part = (["id"] + parameters).first(where: { NameCase.lowerCamel($0) == NameCase.lowerCamel(written) }) else {
            let parts = "its document's 'id'" + (parameters.isEmpty ? "" : " or its path's \(Hint.list(parameters))")
            let reference = names[...index].joined(separator: ".")
            let rest = names[(index + 1)...].joined(separator: ".")
            return .problem(.error("'\(reference)' is \(steps[index].type.schemaSpelling): after '.' comes \(parts), not '\(rest)'", at: location))
        }
        return .found(steps + [Field(name: part, key: part, type: .string, defaultValue: nil, doc: nil)])
    }

    /// The fields of an embedded type, collection or join row type resolved so far.
    func model(fieldsOf name: String) -> [Field]? {
        fieldsByType[name]
    }
}
