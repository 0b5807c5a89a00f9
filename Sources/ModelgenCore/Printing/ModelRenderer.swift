/// The fourth stage, the same for every language: prints a model's declarations and stream
/// methods in one language, puts each in its template's frame, and assembles the file.
///
/// Declarations print on all cores, each in its frame; see ``TemplateEngine``.
struct ModelRenderer {
    let language: any LanguageDefinition
    let templates: TemplateEngine

    func render(_ model: Model) throws -> GeneratedFile {
        let folder = language.name
        let printer = StreamPrinter(spelling: language.spelling, model: ModelIndex(model))
        let streams = try templates.render("\(folder)/stream.stencil", each: model.streams) { [language] stream in
            ["code": Self.text(printer.method(stream)), "name": language.spelling.memberName(stream.name)]
        }
        let declarations = try templates.render("\(folder)/type.stencil", each: DeclaredType.all(in: model)) { [language] type in
            ["code": Self.text(language.type(type)), "name": language.spelling.typeName(type.name), "isCollection": type.isCollection]
        } + templates.render("\(folder)/join.stencil", each: model.joins) { [language] join in
            ["code": Self.text(language.join(join)), "name": language.spelling.typeName(join.name)]
        } + [templates.render("\(folder)/model.stencil", [
            "code": Self.text(language.model(model, streams: Lines.blocks(streams))),
            "name": language.spelling.typeName(model.typeName),
        ])]
        let code = Lines.blocks(declarations)
        let text = try templates.render("\(folder)/schema.\(language.fileExtension).stencil", [
            "schemaFile": model.schemaFileName, "preamble": language.preamble(for: model, declarations: code), "declarations": code,
        ])
        return GeneratedFile(path: language.path(for: model), contents: text)
    }

    private static func text(_ lines: [String]) -> String {
        lines.joined(separator: "\n")
    }
}
