extension Validation {
    /// Checks a `group: true` store query on `collection` and declares its row type; false after
    /// an error. Firestore's collection group reads every collection with the collection's id, at
    /// any depth; each row carries its path's parameters, so the collection must have some, and
    /// the document id is a whole path there, which the stream's `id` (a plain id) cannot be.
    mutating func checkCollectionGroup(
        _ group: Located<Bool>, collection: CollectionDefinition, filter: PredicateSyntax?, orderBy: [OrderSyntax]?, cursors: [CursorSyntax]
    ) -> Bool {
        var fits = true
        if collection.pathParameters.isEmpty {
            diagnostics.error(
                "'group' reads every collection named '\(collection.pathText.split(separator: "/").last ?? "")' at any depth, each row with its path's parameters; collection '\(collection.name)' at '\(collection.pathText)' has none: read it without 'group'",
                at: group.location
            )
            fits = false
        }
        if case let .owner(name)? = collection.access?.read.condition, collection.pathParameters.contains(where: { $0.name == name }) {
            diagnostics.error(
                "'group' reads '\(collection.pathText)' under every {\(name)} at once, where Firestore's rules cannot compare the uid with {\(name)}: collection '\(collection.name)' is read by owner(\(name)); give it a read access on a stored field, like owner(ownerUid)",
                at: group.location
            )
            fits = false
        }
        if case let .member(name)? = collection.access?.read.condition, let members = collectionsByName[name], members.path.count > 1 {
            diagnostics.error(
                "'group' reads '\(collection.pathText)' under every parent at once, where Firestore's rules cannot find the user's document in '\(members.pathText)' by the path: collection '\(collection.name)' is read by member(\(name)); give it a read access the group can meet, like signedIn or member of a top-level collection",
                at: group.location
            )
            fits = false
        }
        // Firestore: "When querying a collection group by documentId(), the value provided must
        // result in a valid document path" (firebase-js-sdk lite-api/query.ts, `parseDocumentIdValue`).
        for location in filter.map(Self.documentIDOperands) ?? [] {
            diagnostics.error("a collection group compares the document id with whole document paths, not ids; filter on a stored field", at: location)
            fits = false
        }
        for key in orderBy ?? [] where key.path.value == ["id"] {
            diagnostics.error("a collection group orders by document id as whole paths (rows of equal keys already come in path order); order by a stored field", at: key.path.location)
            fits = false
        }
        for cursor in cursors {
            guard case let .row(name) = cursor.position else { continue }
            diagnostics.error("a row of a collection group is placed by its whole document path, which '$\(name.value)' does not carry; give '\(cursor.key.value)' values of the order's fields", at: name.location)
            fits = false
        }
        return fits && declareGroupRow(for: collection, at: group.location)
    }

    /// Where the predicate names the document id.
    private static func documentIDOperands(_ predicate: PredicateSyntax) -> [SourceLocation] {
        switch predicate {
        case let .comparison(left, _, right):
            [left, right].compactMap { operand in
                if case let .field(names) = operand.kind, names == ["id"] { operand.location } else { nil }
            }
        case let .and(lhs, rhs), let .or(lhs, rhs): documentIDOperands(lhs) + documentIDOperands(rhs)
        case let .not(inner, _): documentIDOperands(inner)
        }
    }

    /// Refuses a collection order by `id` (a `from` stream without `orderBy` takes it): a group
    /// orders the document id as whole paths.
    mutating func checkGroupOrder(_ order: [OrderKey], collection: CollectionDefinition, at location: SourceLocation) -> Bool {
        guard order.contains(where: \.path.isDocumentID) else { return true }
        diagnostics.error("collection '\(collection.name)' is ordered by 'id', which a collection group orders as whole paths; give the stream an 'orderBy' of stored fields", at: location)
        return false
    }

    /// Adds the row type of `collection`'s group, once for every group stream of it.
    private mutating func declareGroupRow(for collection: CollectionDefinition, at location: SourceLocation) -> Bool {
        let row = GroupRowType(name: GroupRowType.name(of: collection.name), collection: collection.name, segments: collection.path)
        guard !groupRowNames.contains(row.name) else { return true }
        if let taken = takenTypeName(row.name) {
            diagnostics.error("a collection group's rows are '\(row.name)', which is already \(taken); rename that type", at: location)
            return false
        }
        let document = NameCase.lowerCamel(collection.name)
        if collection.pathParameters.contains(where: { $0.name == document }) {
            diagnostics.error("path parameter '{\(document)}' has the name of the group row's document member; rename the parameter", at: location)
            return false
        }
        for member in row.fields.map(\.name) {
            guard let reason = reserved.fields[member] else { continue }
            diagnostics.error("a collection group's rows have a member '\(member)', which is \(reason); rename the \(member == document ? "collection" : "path parameter")", at: location)
            return false
        }
        warnOfOtherMembers(of: collection, at: location)
        groupRowNames.insert(row.name)
        fieldsByType[row.name] = row.fields
        return true
    }

    /// Warns of the schema's other collections of the same id: the group reads their documents
    /// too, and they do not decode as this collection's.
    private mutating func warnOfOtherMembers(of collection: CollectionDefinition, at location: SourceLocation) {
        guard case let .literal(id)? = collection.path.last else { return }
        for other in collections where other.name != collection.name {
            guard case let .literal(otherID)? = other.path.last, otherID == id else { continue }
            diagnostics.warning(
                "collection '\(other.name)' at '\(other.pathText)' is in the '\(id)' group too: the group's streams read its documents, which do not decode as '\(collection.name)'",
                at: location
            )
        }
    }
}
