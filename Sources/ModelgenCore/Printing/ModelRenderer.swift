/// The fourth stage, the same for every language: prints a model's declarations and stream
/// methods in one language, puts each in its template's frame, and assembles the file.
///
/// Declarations print on all cores, each in its frame; see ``TemplateEngine``.
struct ModelRenderer {
    let language: any LanguageDefinition
    let templates: TemplateEngine

    func render(_ model: Model) throws -> GeneratedFile {
        let writes = WritePrinter(spelling: language, writes: model.writes(for: language.schemaName), modelType: language.typeName(model.typeName))
            .methods().map { $0.joined(separator: "\n") }
        let model = model.named(for: language.schemaName)
        let declaredWrites = DeclaredWritePrinter(language: language, model: model).methods().map { $0.joined(separator: "\n") }
        let transactions = TransactionPrinter(language: language, model: model)
        let frame = { [templates, language] (name: String) in templates.frame("\(name).stencil", for: language.name) }
        let printer = StreamPrinter(spelling: language, model: ModelIndex(model))
        let streams = try templates.render(frame("stream"), each: model.streams) { [language] stream in
            ["code": (printer.method(stream) + [""] + printer.readMethod(stream)).joined(separator: "\n"), "name": language.memberName(stream.name)]
        }
        let declarations = try templates.render(frame("type"), each: model.enums) { [language] enumeration in
            ["code": language.enumDeclaration(enumeration), "name": language.typeName(enumeration.name), "isCollection": false, "isEnum": true]
        } + templates.render(frame("type"), each: DeclaredType.all(in: model)) { [language] type in
            ["code": language.typeDeclaration(type), "name": language.typeName(type.name), "isCollection": type.isCollection, "isEnum": false]
        } + templates.render(frame("reference"), each: model.references) { [language] reference in
            ["code": language.referenceDeclaration(reference), "name": language.typeName(reference.name)]
        } + templates.render(frame("group"), each: model.groupRows) { [language] row in
            ["code": language.groupRowDeclaration(row), "name": language.typeName(row.name)]
        } + templates.render(frame("join"), each: model.joins) { [language] join in
            ["code": language.joinDeclaration(join), "name": language.typeName(join.name)]
        } + templates.render(frame("record"), each: printer.model.records) { [language] record in
            ["code": language.recordDeclaration(record), "name": language.typeName(record.name)]
        } + [templates.render(frame("model"), [
            "code": String(concatenating: [language.modelDeclaration(
                model, streams: Lines.blocks(streams + writes + declaredWrites + [transactions.method().joined(separator: "\n")]),
                queries: language.queries(printer.queries())
            ), "\n\n", transactions.declaration()]),
            "name": language.typeName(model.typeName),
        ])]
        let code = Lines.blocks(declarations)
        let text = try templates.render(frame("schema"), [
            "schemaFile": model.schemaFileName, "preamble": language.preamble(for: model, declarations: code), "declarations": code,
        ])
        return GeneratedFile(path: language.path(for: model), contents: text, schema: model.schemaFile)
    }
}
