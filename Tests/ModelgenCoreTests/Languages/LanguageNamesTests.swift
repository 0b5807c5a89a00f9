import Testing
@testable import ModelgenCore

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("name", "name"), ("default", "`default`"), ("in", "`in`"), ("self", "`self`"), ("Type", "`Type`"),
        ("1st", "_1st"), ("名前", "名前"), ("async", "async"),
    ])
    func identifiers(_ input: String, _ expected: String) {
        #expect(SwiftNames.identifier(input) == expected)
    }
}

@Suite struct KotlinNamesTests {
    @Test(arguments: [
        ("name", "name"), ("in", "`in`"), ("object", "`object`"), ("fun", "`fun`"), ("val", "`val`"), ("is", "`is`"),
        ("typealias", "`typealias`"), ("when", "`when`"), ("1st", "_1st"), ("名前", "名前"),
        // soft keywords and modifiers are names in Kotlin
        ("data", "data"), ("value", "value"), ("open", "open"), ("by", "by"), ("field", "field"),
    ])
    func identifiers(_ input: String, _ expected: String) {
        #expect(KotlinNames.identifier(input) == expected)
    }

    @Test func packages() {
        #expect(KotlinNames.package("com.example.in") == "com.example.`in`")
    }
}

@Suite struct TypeScriptNamesTests {
    @Test(arguments: [
        ("name", "name"), ("default", "default_"), ("delete", "delete_"), ("new", "new_"), ("function", "function_"),
        ("let", "let_"), ("await", "await_"), ("arguments", "arguments_"), ("1st", "_1st"), ("名前", "名前"),
        ("type", "type"), ("of", "of"),
    ])
    func variables(_ input: String, _ expected: String) {
        #expect(TypeScriptNames.variable(input) == expected)
    }

    @Test(arguments: [("default", "default"), ("delete", "delete"), ("constructor", "constructor"), ("1st", "_1st")])
    func properties(_ input: String, _ expected: String) {
        #expect(TypeScriptNames.property(input) == expected)
    }

    @Test(arguments: [("Message", "Message"), ("string", "string_"), ("any", "any_"), ("Default", "Default")])
    func types(_ input: String, _ expected: String) {
        #expect(TypeScriptNames.type(input) == expected)
    }
}
