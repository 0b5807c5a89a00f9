import Foundation
import Testing

/// `modelgen indexes` prints or writes the composite indexes the schemas' queries need.
@Suite struct IndexesCommandTests {
    @Test func printsTheIndexesOfEverySchemaGiven() throws {
        let result = try CLI.run(["indexes", "schemas/", "Tests/Schemas/torture.yaml"])
        #expect(result.status == 0, "\(result.stderr)")
        let golden = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tests/Goldens/firestore.indexes.json"), encoding: .utf8)
        #expect(result.stdout == golden)
    }

    @Test func writesTheFileOnlyWhenItChanges() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        let file = folder.file("firestore.indexes.json")
        let first = try CLI.run(["indexes", "schemas/chat.yaml", "--out", file])
        #expect(first.stdout == "wrote \(file)\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"fieldPath\": \"like_count\""))
        let again = try CLI.run(["indexes", "schemas/chat.yaml", "-o", file])
        #expect(again.stdout == "modelgen: '\(file)' unchanged\n")
    }

    @Test func aBadSchemaIsReportedAndNothingIsWritten() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        let file = folder.file("firestore.indexes.json")
        let result = try CLI.run(["indexes", "Tests/BadSchemas/cycle.yaml", "--out", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Tests/BadSchemas/cycle.yaml:13:16: error:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
