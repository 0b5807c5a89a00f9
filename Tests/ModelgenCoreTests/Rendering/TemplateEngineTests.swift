import Testing
@testable import ModelgenCore

@Suite struct TemplateEngineTests {
    @Test func rendersATemplateOncePerItemInOrderWithTheItemsFieldsAsVariables() throws {
        let templates = try TemplateEngine()
        let streams = try Schemas.example("chat").streams
        let index = ModelIndex(try Schemas.example("chat"))
        let texts = try templates.render("swift/stream.stencil", each: streams) { SwiftStreamContext($0, in: index).templateVariables }
        #expect(texts.count == streams.count)
        for (text, stream) in zip(texts, streams) {
            #expect(text.contains("public func \(stream.name)("))
        }
    }

    @Test func aTemplateThatDoesNotParseIsReportedWithItsPath() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("swift/stream.stencil", "{% if signature %}never closed\n")
        let templates = try TemplateEngine(overrideDirectory: folder.path)
        let model = try Schemas.example("chat")
        #expect {
            _ = try SwiftRenderer().render(model, templates: templates)
        } throws: { error in
            "\(error)".contains("template 'swift/stream.stencil'")
        }
    }
}
