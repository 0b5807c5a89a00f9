// The benchmarks that use this model need only `import AsyncModels` for the runtime's names.
@_exported import ModelgenAsync
