extension Vector {
    /// The vector with a one-shot read of every subscribed stream before each `expect` that lists
    /// the subscription, expected to give the subscription's latest emission: a read follows the
    /// stream's rules, so it sees what the stream last emitted (`modelgen verify --reads`).
    /// Subscriptions whose latest emission is an error are not read. The read and the emission
    /// are compared under the contract, which does not tell `-0.0` from `0.0`: a stream does not
    /// emit again when a value changes only so, while a read gives the stored form. Expectations
    /// of decode failures are dropped, as every read reports again the documents that do not decode.
    /// Subscriptions to the declared `writes` are no streams to read: reading one would write
    /// again; nor are those to streams that wait on a clock (a debounce), whose latest emission
    /// lags what a read gives at once.
    public func readingEveryStream(except skipped: Set<String> = []) -> Vector {
        var active: [String: (stream: String, arguments: [(name: String, value: VectorValue)])] = [:]
        var steps: [VectorStep] = []
        for step in self.steps {
            switch step.action {
            case let .subscribe(label, stream, arguments) where !skipped.contains(NameCase.lowerCamel(stream)):
                active[label] = (stream, arguments)
            case let .cancel(label):
                active[label] = nil
            case let .expect(expectations):
                var kept = expectations.filter { ![.decodeFailures, .decodeFailurePaths, .decodeFailureCount].contains($0.subject) }
                for expectation in expectations {
                    guard case let .emissions(label) = expectation.subject, let use = active[label],
                          let latest = expectation.lines.last, !latest.hasPrefix("error:"), latest != "done" else { continue }
                    let read = "\(label)-read\(steps.count + 1)"
                    steps.append(VectorStep(action: .read(label: read, stream: use.stream, arguments: use.arguments), location: expectation.location, summary: "read \(use.stream) as \(read)"))
                    kept.append(Expectation(subject: .emissions(label: read), lines: [latest], location: expectation.location, signOfZeroMatters: false))
                }
                steps.append(VectorStep(action: .expect(kept), location: step.location, summary: step.summary))
                continue
            default:
                break
            }
            steps.append(step)
        }
        var vector = self
        vector.steps = steps
        return vector
    }
}

extension LoadedVector {
    /// The vector with its streams read before each `expect`; see ``Vector/readingEveryStream()``.
    public func readingEveryStream() -> LoadedVector {
        let index = ModelIndex(model)
        let skipped = model.declaredWrites.map(\.name) + model.streams.map(\.name).filter(index.waits)
        return LoadedVector(vector: vector.readingEveryStream(except: Set(skipped)), model: model)
    }
}
