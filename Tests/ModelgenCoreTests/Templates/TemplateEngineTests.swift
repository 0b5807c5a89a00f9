import Testing
@testable import ModelgenCore

@Suite struct TemplateEngineTests {
    @Test func rendersAFrameOncePerItemInOrder() throws {
        let templates = try TemplateEngine()
        let texts = try templates.render(templates.frame("stream.stencil", for: "swift"), each: Array(0..<100)) { ["code": "func f\($0)()", "name": "f\($0)"] }
        #expect(texts == (0..<100).map { "func f\($0)()\n" })
    }

    /// One frame set serves every language; a language's own frame takes its place there, and a
    /// replaced default frame serves the others.
    @Test func aLanguagesOwnFrameTakesTheDefaultsPlace() throws {
        #expect(try TemplateEngine().frame("type.stencil", for: "kotlin") == "default/type.stencil")
        let (_, messages) = try Self.messages(["kotlin/type.stencil": "@Keep\n{{ code }}\n", "default/type.stencil": "// {{ name }}\n{{ code }}\n"]) { (templates: TemplateEngine) throws in
            #expect(templates.frame("type.stencil", for: "kotlin") == "kotlin/type.stencil")
            #expect(try templates.render(templates.frame("type.stencil", for: "kotlin"), ["code": "class A"]) == "@Keep\nclass A\n")
            #expect(try templates.render(templates.frame("type.stencil", for: "swift"), ["code": "struct A", "name": "A"]) == "// A\nstruct A\n")
        }
        #expect(messages.isEmpty)
    }

    @Test func aTemplateThatDoesNotParseIsReportedAtTheTagInItsFile() throws {
        let (folder, messages) = try Self.messages(["swift/stream.stencil": "{{ name }}\n{% if code %}\n  {% for line in lines %}\n{% endif %}\n"]) {
            _ = try $0.render("swift/stream.stencil", each: [1]) { _ in ["code": "x", "name": "y"] }
        }
        #expect(messages == ["\(folder)/swift/stream.stencil:4:4: error: Unknown template tag 'endif'"])
    }

    @Test func anErrorInAnIncludedTemplateIsReportedInThatTemplate() throws {
        let (folder, messages) = try Self.messages([
            "swift/type.stencil": "{{ code }}\n{% include \"swift/join.stencil\" %}\n",
            "swift/join.stencil": "a\n  {% if name %}\nb {{ name|nosuch }}\n  {% endif %}\n",
        ]) {
            _ = try $0.render("swift/type.stencil", [:])
        }
        #expect(messages == ["\(folder)/swift/join.stencil:3:6: error: Unknown filter 'nosuch'. Found similar filters: 'default'."])
    }

    @Test func anErrorWhileRenderingIsReportedAtTheTagThatFailed() throws {
        // The filter throws without a place; the tag it stands in gives it one.
        let (folder, messages) = try Self.messages(["swift/type.stencil": "x\n{{ code|indent:1,2,3,4 }}\n"]) {
            _ = try $0.render("swift/type.stencil", ["code": "y"])
        }
        #expect(messages == ["\(folder)/swift/type.stencil:2:4: error: 'indent' filter can take at most 3 arguments"])
    }

    @Test func aFrameHoldsItsCodeWhole() throws {
        let code = (0..<10_000).map { "let value\($0) = \($0)" }.joined(separator: "\n")
        let (_, messages) = try Self.messages(["swift/type.stencil": "// {{ name }}\n{{ code }}\n// end\n"]) {
            let text = try $0.render("swift/type.stencil", ["code": code, "name": "Big"])
            #expect(text == "// Big\n" + code + "\n// end\n")
        }
        #expect(messages.isEmpty)
    }

    @Test func anErrorStencilDoesNotPlaceIsReportedWithTheTemplatesPath() throws {
        // Stencil finds a line by its content, so a tag on a line seen before has no place.
        let (_, messages) = try Self.messages(["swift/stream.stencil": "{% if name %}\nx\n{% endif %}\ny\n{% if name %}\nx\n"]) {
            _ = try $0.render("swift/stream.stencil", [:])
        }
        #expect(messages == ["modelgen: error: template 'swift/stream.stencil': `endif` was not found."])
    }

    /// The diagnostics of `body` with templates replaced by `replacements` (text by path), and the
    /// folder the replacements were read from (removed before returning).
    private static func messages(_ replacements: [String: String], _ body: (TemplateEngine) throws -> Void) throws -> (folder: String, messages: [String]) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (path, text) in replacements { try folder.write(path, text) }
        let templates = try TemplateEngine(overrideDirectory: folder.path)
        do {
            try body(templates)
            return (folder.path, [])
        } catch let error as DiagnosticsError {
            return (folder.path, error.diagnostics.map(\.description))
        }
    }
}
