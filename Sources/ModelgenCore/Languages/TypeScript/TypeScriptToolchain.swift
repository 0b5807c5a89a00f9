import Foundation

/// tsc and node with RxJS 7.
public struct TypeScriptToolchain: Sendable {
    public let tsc: String
    public let node: String
    /// A folder holding `rxjs` and `tslib`, linked into each build as `node_modules`.
    public let modules: String

    public static let installHint = "apt-get install -y node-typescript node-inquirer"

    /// The flags every compile uses: strict, no unused names, checked against RxJS's own types.
    public static let flags = [
        "--strict", "--noUnusedLocals", "--noUnusedParameters", "--skipLibCheck", "--target", "es2020",
        "--module", "commonjs", "--moduleResolution", "node",
    ]

    /// Looks for tsc, node and RxJS (`MODELGEN_NODE_MODULES` overrides Debian's /usr/share/nodejs).
    public static func find() -> ToolchainStatus<TypeScriptToolchain> {
        let modules = ProcessInfo.processInfo.environment["MODELGEN_NODE_MODULES"] ?? "/usr/share/nodejs"
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
        try withSources(files, ending: ".ts") { directory, sources in
            let nodeModules = (directory as NSString).appendingPathComponent("node_modules")
            try FileManager.default.createDirectory(atPath: nodeModules, withIntermediateDirectories: true)
            for package in ["rxjs", "tslib"] + packages {
                try FileManager.default.createSymbolicLink(
                    atPath: (nodeModules as NSString).appendingPathComponent(package),
                    withDestinationPath: (modules as NSString).appendingPathComponent(package)
                )
            }
            let output = try ProcessRunner.run(tsc, Self.flags + ["--rootDir", directory, "--outDir", outDirectory] + sources, in: directory)
            guard output.succeeded, problemLines(output.stdout + output.stderr).isEmpty else {
                throw ToolchainError("tsc failed:\n" + (output.stdout + output.stderr).replacingOccurrences(of: directory + "/", with: ""))
            }
        }
        let outModules = (outDirectory as NSString).appendingPathComponent("node_modules")
        if !FileManager.default.fileExists(atPath: outModules) {
            try FileManager.default.createSymbolicLink(atPath: outModules, withDestinationPath: modules)
        }
    }

    /// Runs a compiled script with node, the modules folder on its `NODE_PATH`: Debian's
    /// packages there (benchmark.js needs lodash) are not in a `node_modules` tree.
    public func run(script: String, arguments: [String] = []) throws -> ProcessOutput {
        try ProcessRunner.run(node, [script] + arguments, environment: ["NODE_PATH": modules])
    }
}
