import Foundation
import ModelgenCore
import Testing

/// The golden Swift of every schema, in every flavour (Combine, Swift concurrency), type-checks
/// with no error or warning where users build it: in a plain Swift 6 target and in a new Xcode 26
/// app target, whose default isolation is the main actor. (The package also builds each golden as
/// a Swift 6 library of its own.)
@Suite struct SwiftOutputTests {
    @Test(arguments: Goldens.schemas, SwiftCompiler.Settings.allCases)
    func typechecks(schema: String, in settings: SwiftCompiler.Settings) throws {
        for flavour in ["swift", "swift-async"] {
            let files = Goldens.sources(in: Goldens.packageRoot.appendingPathComponent("Tests/Goldens/\(schema)/\(flavour)").path, extension: ".swift")
            #expect(files["\(schema).swift"] != nil, "\(flavour)")
            try SwiftCompiler().typecheck(files, module: "App", settings: settings)
        }
    }
}
