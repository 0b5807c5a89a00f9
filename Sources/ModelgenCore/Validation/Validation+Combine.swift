extension Validation {
    /// RxJava's `Observable.combineLatest` and `Single.zip` take at most nine sources.
    static let combinedStreams = 2...9

    /// A combine stream: its inputs, each once, and its record type's name.
    mutating func resolveCombine(_ inputs: [Located<String>], typeName: Located<String>?, name: Located<String>, input: InputResolver, stream: inout StreamDefinition) -> StreamKind? {
        var members: [String] = []
        var resolved = true
        for reference in inputs {
            let member = NameCase.lowerCamel(reference.value)
            if member == stream.name {
                diagnostics.error("combine stream '\(name.value)' cannot combine itself; it combines other streams' latest values", at: reference.location)
                resolved = false
            } else if members.contains(member) {
                diagnostics.error("combine stream '\(name.value)' reads '\(reference.value)' twice; each stream is one member of its record", at: reference.location)
                resolved = false
            } else if let source = input(reference, &self) {
                for parameter in source.parameters {
                    merge(parameter, into: &stream.parameters, at: reference.location, stream: stream.name)
                }
                members.append(source.name)
            } else {
                resolved = false
            }
        }
        guard Self.combinedStreams.contains(inputs.count) else {
            let count = inputs.count == 1 ? "one stream" : "\(inputs.count) streams"
            diagnostics.error("combine stream '\(name.value)' reads \(count); it combines 2 to 9 (more than 9: combine some of them in a stream of their own, and combine that)", at: name.location)
            return nil
        }
        if let typeName, !checkName(typeName, what: "type name") { return nil }
        let type = NameCase.upperCamel(typeName?.value ?? stream.name)
        guard resolved, declareRecordType(type, at: typeName?.location ?? name.location) else { return nil }
        return .combine(.init(inputs: members, type: type))
    }

    /// Adds a combine stream's record type, whose name no other type may have.
    private mutating func declareRecordType(_ name: String, at location: SourceLocation) -> Bool {
        if let reason = takenTypeName(name) {
            diagnostics.error("record type '\(name)' has the name of \(reason); name it with 'type:'", at: location)
            return false
        }
        recordDeclarations[name] = location
        return true
    }

    /// What already has the type name `name`, if anything: a declared type, a join row, a
    /// record, the model, or a name the generated code uses.
    func takenTypeName(_ name: String) -> String? {
        if let record = recordDeclarations[name] { return "another combine stream's record (line \(record.line))" }
        if joinDeclarations[name] != nil { return "a join's row type" }
        if groupRowNames.contains(name) { return "a collection group's row type" }
        if referenceTypeNames.contains(name) { return "the type of a collection's references" }
        if fieldsByType[name] != nil || enumValuesByName[name] != nil { return "a type of the schema" }
        if name == NameCase.upperCamel(schema.model.value) + "Model" { return "the model type" }
        if reserved.types.contains(name) { return "a type the generated code uses" }
        return nil
    }
}
