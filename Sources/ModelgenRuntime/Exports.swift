// Generated code and apps need only `import ModelgenRuntime` to get the runtime's core and the
// Combine API: Apple's Combine where it exists, OpenCombine elsewhere, with OpenCombineDispatch's
// schedulers (`DispatchQueue.main.ocombine`, as Combine's `DispatchQueue.main`).
@_exported import ModelgenRuntimeCore
#if canImport(Combine)
@_exported import Combine
#else
@_exported import OpenCombine
@_exported import OpenCombineDispatch
#endif
