import Testing
@testable import ModelgenCore

@Suite struct ExpandedTemplateTests {
    @Test func aLineOfOneBlockTagLosesItsIndentationAndNewline() {
        let template = ExpandedTemplate("a", sources: ["a": "x\n  {% if y %}\n  z\n  {% endif %}"])
        #expect(template.text == "x\n{% if y %}  z\n{% endif %}")
        #expect(ExpandedTemplate("a", sources: ["a": "x\n\n{% if y %}\nz\n"]).text == "x\n\n{% if y %}z\n")
        #expect(ExpandedTemplate("a", sources: ["a": ""]).text == "")
    }

    @Test func includesOfTemplatesThatExistAreExpanded() {
        let template = ExpandedTemplate("a", sources: ["a": "{% include \"b\" %}\nafter {% include \"missing\" %}\n", "b": "  {% if x %}\nB\n"])
        #expect(template.text == "{% if x %}B\nafter {% include \"missing\" %}\n")
    }

    @Test func aTemplateThatIncludesItselfStopsAfterSixteenLevels() {
        let template = ExpandedTemplate("a", sources: ["a": "x{% include \"a\" %}"])
        #expect(template.text == String(repeating: "x", count: 17) + "{% include \"a\" %}")
    }

    @Test func aPlaceInTheTextIsFoundInTheTemplateLineItCameFrom() throws {
        let template = ExpandedTemplate("a", sources: ["a": "one\n  {% include \"b\" %} two\n", "b": "  {% if x %}\nbee {{ y }}\n"])
        #expect(template.text == "one\n  {% if x %}bee {{ y }}\n two\n")
        let line = "  {% if x %}bee {{ y }}"
        let ifTag = try #require(template.source(of: (line, 2, 5)))
        #expect(ifTag.template == "b" && ifTag.line == 1 && ifTag.column == 6)
        let variable = try #require(template.source(of: (line, 2, 19)))
        #expect(variable.template == "b" && variable.line == 2 && variable.column == 8)
        let afterInclude = try #require(template.source(of: (" two", 3, 1)))
        #expect(afterInclude.template == "a" && afterInclude.line == 2 && afterInclude.column == 21)
    }

    @Test func aPlaceStencilDidNotFindHasNoSource() {
        let template = ExpandedTemplate("a", sources: ["a": "one\ntwo\n"])
        #expect(template.source(of: ("", 0, 0)) == nil)
        #expect(template.source(of: ("other", 2, 0)) == nil)
        #expect(template.source(of: ("two", 2, 3)) == nil)
    }
}
