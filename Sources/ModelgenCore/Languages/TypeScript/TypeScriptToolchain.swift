import Foundation

/// tsc and node with RxJS 7: Debian's tsc is TypeScript 4.8, the oldest release the output
/// supports; it builds the TypeScript runners and tests for node. ``TypeScriptChecker`` checks
/// the output on current releases.
public struct TypeScriptToolchain: Sendable {
    public let tsc: String
    public let node: String
    /// A folder holding `rxjs` and `tslib`, linked into each build as `node_modules`.
    public let modules: String

    public static let installHint = "apt-get install -y node-typescript node-inquirer"

    /// Strict, and no unused names.
    static let strictness = ["--strict", "--noUnusedLocals", "--noUnusedParameters", "--skipLibCheck"]

    /// The flags every compile uses: strict, no unused names, checked against RxJS's own types.
    static let flags = strictness + ["--target", "es2020", "--module", "commonjs", "--moduleResolution", "node"]

    /// The folder holding RxJS and tslib: `MODELGEN_NODE_MODULES`, or Debian's /usr/share/nodejs.
    static var modulesFolder: String {
        ProcessInfo.processInfo.environment["MODELGEN_NODE_MODULES"] ?? "/usr/share/nodejs"
    }

    /// Looks for tsc, node and RxJS in the modules folder.
    public static func find() -> ToolchainStatus<TypeScriptToolchain> {
        let modules = modulesFolder
        guard let tsc = ProcessRunner.find("tsc"), let node = ProcessRunner.find("node"),
              ["rxjs", "tslib"].allSatisfy({ FileManager.default.fileExists(atPath: (modules as NSString).appendingPathComponent($0)) }) else {
            return .missing(install: installHint)
        }
        return .available(TypeScriptToolchain(tsc: tsc, node: node, modules: modules))
    }

    /// Compiles the TypeScript `files` (relative path → text) into `outDirectory` as CommonJS,
    /// with RxJS, tslib and the `packages` of the modules folder (`benchmark`, `@types`) to
    /// import. Throws with the compiler's messages if it reports any problem.
    public func compile(_ files: [String: String], into outDirectory: String, packages: [String] = []) throws {
        try runTSC(files, packages: packages) { directory in Self.flags + ["--rootDir", directory, "--outDir", outDirectory] }
        let outModules = (outDirectory as NSString).appendingPathComponent("node_modules")
        if !FileManager.default.fileExists(atPath: outModules) {
            try FileManager.default.createSymbolicLink(atPath: outModules, withDestinationPath: modules)
        }
    }

    /// Type-checks `files` as the ECMAScript modules of a Node package (`"type": "module"`,
    /// module and resolution `nodenext`), where a relative import must name its `.js` file.
    public func checkAsNodeModules(_ files: [String: String]) throws {
        try runTSC(files.merging(["package.json": #"{ "type": "module" }"#]) { $1 }) { _ in
            Self.strictness + ["--noEmit", "--target", "es2020", "--module", "nodenext", "--moduleResolution", "nodenext"]
        }
    }

    /// Runs tsc over `files` in a folder whose `node_modules` links RxJS, tslib and `packages`,
    /// with the flags for that folder; throws with its messages if it reports any problem.
    private func runTSC(_ files: [String: String], packages: [String] = [], flags: (String) -> [String]) throws {
        try withSources(files, endings: [".ts"]) { directory, sources in
            let nodeModules = (directory as NSString).appendingPathComponent("node_modules")
            try FileManager.default.createDirectory(atPath: nodeModules, withIntermediateDirectories: true)
            for package in ["rxjs", "tslib"] + packages {
                try FileManager.default.createSymbolicLink(
                    atPath: (nodeModules as NSString).appendingPathComponent(package),
                    withDestinationPath: (modules as NSString).appendingPathComponent(package)
                )
            }
            let output = try ProcessRunner.run(tsc, flags(directory) + sources, in: directory)
            guard output.succeeded, problemLines(output.stdout + output.stderr).isEmpty else {
                throw ToolchainError("tsc failed:\n" + (output.stdout + output.stderr).replacingOccurrences(of: directory + "/", with: ""))
            }
        }
    }

    /// Runs a compiled script with node, the modules folder on its `NODE_PATH`: Debian's
    /// packages there (benchmark.js needs lodash) are not in a `node_modules` tree.
    public func run(script: String, arguments: [String] = []) throws -> ProcessOutput {
        try ProcessRunner.run(node, [script] + arguments, environment: ["NODE_PATH": modules])
    }
}
