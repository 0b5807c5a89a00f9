import Foundation
import Synthetic

/// Prints a synthetic schema: `synthesize modelgen N` or `synthesize openapi N`.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let count = Int(arguments.last!), count > 0 else {
    print("usage: synthesize modelgen|openapi COUNT")
    exit(2)
}
switch arguments.first! {
case "modelgen": print(SyntheticSchema.modelgen(collections: count), terminator: "")
case "openapi": print(SyntheticSchema.openAPI(schemas: count), terminator: "")
default:
    print("usage: synthesize modelgen|openapi COUNT")
    exit(2)
}
