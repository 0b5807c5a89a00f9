import Testing
@testable import ModelgenCore

@Suite struct TypeSyntaxParserTests {
    let locator = TextLocator.exact(at: SourceLocation(file: "s.yaml", line: 2, column: 5))

    @Test func spellings() throws {
        #expect(try TypeSyntaxParser.parse("string", locator: locator) == .named("string"))
        #expect(try TypeSyntaxParser.parse("int?", locator: locator) == .optional(.named("int")))
        #expect(try TypeSyntaxParser.parse("[Attachment]", locator: locator) == .array(.named("Attachment")))
        #expect(try TypeSyntaxParser.parse("[string?]?", locator: locator) == .optional(.array(.optional(.named("string")))))
        #expect(try TypeSyntaxParser.parse("map< [int] >", locator: locator) == .map(.array(.named("int"))))
        #expect(try TypeSyntaxParser.parse("map", locator: locator) == .named("map"))
        #expect(try TypeSyntaxParser.parse("[reference< User >?]", locator: locator) == .array(.optional(.reference("User"))))
        #expect(try TypeSyntaxParser.parse("reference", locator: locator) == .named("reference"))
        #expect(FieldType(schemaSpelling: "reference<User>?") == .optional(.reference("User")))
        #expect(FieldType.array(.reference("User")).schemaSpelling == "[reference<User>]")
    }

    @Test func errors() {
        #expect(throws: Diagnostic.error("invalid type '[int': expected ']', found the end", at: locator.location(at: 4))) {
            try TypeSyntaxParser.parse("[int", locator: locator)
        }
        #expect(throws: Diagnostic.error("invalid type 'int??': a type can be optional only once", at: locator.location(at: 4))) {
            try TypeSyntaxParser.parse("int??", locator: locator)
        }
        #expect(throws: Diagnostic.error("invalid type 'int x': unexpected 'x' after the type", at: locator.location(at: 4))) {
            try TypeSyntaxParser.parse("int x", locator: locator)
        }
        #expect(throws: Diagnostic.error("invalid type 'reference<map<int>>': a reference names a collection, like 'reference<Member>'", at: locator.location(at: 10))) {
            try TypeSyntaxParser.parse("reference<map<int>>", locator: locator)
        }
        #expect(throws: Diagnostic.error("invalid type '': expected a type", at: locator.location(at: 0))) {
            try TypeSyntaxParser.parse("", locator: locator)
        }
    }
}

@Suite struct OrderByParserTests {
    let locator = TextLocator.exact(at: SourceLocation(file: "s.yaml", line: 7, column: 14))

    @Test func keysAndDirections() throws {
        let keys = try OrderByParser.parse("createdAt desc, owner.name,  n asc", locator: locator)
        #expect(keys.map(\.path.value) == [["createdAt"], ["owner", "name"], ["n"]])
        #expect(keys.map(\.descending) == [true, false, false])
        #expect(keys.map(\.path.location.column) == [14, 30, 43])
    }

    @Test func errors() {
        #expect(throws: Diagnostic.error("expected 'asc' or 'desc' after 'a', found 'down'", at: locator.location(at: 2))) {
            try OrderByParser.parse("a down", locator: locator)
        }
        #expect(throws: Diagnostic.error("expected a field name in orderBy", at: locator.location(at: 2))) {
            try OrderByParser.parse("a,", locator: locator)
        }
        #expect(throws: Diagnostic.error("unexpected 'b'; separate orderBy keys with ','", at: locator.location(at: 7))) {
            try OrderByParser.parse("a desc b", locator: locator)
        }
        #expect(throws: Diagnostic.error("empty field name in 'a..b' in orderBy", at: locator.location(at: 0))) {
            try OrderByParser.parse("a..b", locator: locator)
        }
    }
}
