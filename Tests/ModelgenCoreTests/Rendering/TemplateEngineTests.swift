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

    @Test func aTemplateThatDoesNotParseIsReportedAtTheTagInItsFile() throws {
        let streams = try Schemas.example("chat").streams
        let index = ModelIndex(try Schemas.example("chat"))
        let (folder, messages) = try Self.messages(replacing: "swift/stream.stencil", with: "{{ name }}\n{% if signature %}\n  {% for line in lines %}\n{% endif %}\n") {
            _ = try $0.render("swift/stream.stencil", each: streams) { SwiftStreamContext($0, in: index).templateVariables }
        }
        #expect(messages == ["\(folder)/swift/stream.stencil:4:4: error: Unknown template tag 'endif'"])
    }

    @Test func anErrorInAnIncludedTemplateIsReportedInThatTemplate() throws {
        let (folder, messages) = try Self.messages(replacing: "swift/struct.stencil", with: "a\n  {% if name %}\nb {{ name|nosuch }}\n  {% endif %}\n") {
            _ = try $0.render("swift/collection.stencil", [:])
        }
        #expect(messages == ["\(folder)/swift/struct.stencil:3:6: error: Unknown filter 'nosuch'. Found similar filters: 'default'."])
    }

    @Test func anErrorStencilDoesNotPlaceIsReportedWithTheTemplatesPath() throws {
        // Stencil finds a line by its content, so a tag on a line seen before has no place.
        let (_, messages) = try Self.messages(replacing: "swift/stream.stencil", with: "{% if name %}\nx\n{% endif %}\ny\n{% if name %}\nx\n") {
            _ = try $0.render("swift/stream.stencil", [:])
        }
        #expect(messages == ["modelgen: error: template 'swift/stream.stencil': `endif` was not found."])
    }

    /// The diagnostics of `body` with the template at `path` replaced by `text`, and the folder
    /// the replacement was read from (removed before returning).
    private static func messages(replacing path: String, with text: String, _ body: (TemplateEngine) throws -> Void) throws -> (folder: String, messages: [String]) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(path, text)
        let templates = try TemplateEngine(overrideDirectory: folder.path)
        do {
            try body(templates)
            return (folder.path, [])
        } catch let error as DiagnosticsError {
            return (folder.path, error.diagnostics.map(\.description))
        }
    }
}
