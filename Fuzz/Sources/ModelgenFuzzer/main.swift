// Feeds libFuzzer's inputs to modelgen as schema files: load, validate and, when the schema
// is valid, render every language. Any crash, hang or sanitizer report is a bug: bad input
// must come back as diagnostics. Built with --sanitize=fuzzer, SwiftPM links libFuzzer's main,
// which calls this function with each input it makes.
import ModelgenCore

nonisolated(unsafe) let generator = try! Generator(templates: TemplateEngine(), runtimes: RuntimeFiles())

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let source = SchemaSource(path: "fuzz.yaml", text: text)
    guard let syntax = try? YAMLSchemaLoader().load(source),
          let model = try? SchemaValidator().validate(syntax, baseName: "fuzz") else { return 0 }
    _ = try? generator.render([model])
    return 0
}
