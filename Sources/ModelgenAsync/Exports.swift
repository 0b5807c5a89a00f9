// Generated Swift over Swift concurrency and apps need only `import ModelgenAsync`: it re-exports
// the runtime's core, and imports no Combine (so no OpenCombine on Linux).
@_exported import ModelgenRuntimeCore
