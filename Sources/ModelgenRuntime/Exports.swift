// Generated code and apps need only `import ModelgenRuntime` to get the Combine API: Apple's
// Combine where it exists, OpenCombine elsewhere.
#if canImport(Combine)
@_exported import Combine
#else
@_exported import OpenCombine
#endif
