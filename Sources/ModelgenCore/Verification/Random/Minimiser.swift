/// Shrinks a scenario on which the languages differ to a short one on which they still differ:
/// it drops the steps after the one where the traces part, then runs of steps (halving their
/// length, as delta debugging does), then single writes of batches and single fields of writes. Each round's candidates run as one batch, so a
/// round costs one build per language.
struct Minimiser {
    var verifier: Verifier
    var model: Model
    /// How many rounds it may run: each builds the candidates once in every language.
    var rounds = 40

    /// The shortest steps found on which the languages still differ, and what each printed.
    mutating func minimise(_ steps: [VectorStep.Action], runs: [(language: Language, run: Verifier.Run)]) -> ([VectorStep.Action], [(language: Language, run: Verifier.Run)]) {
        var current = (steps: steps, runs: runs)
        // What comes after the step where the traces part cannot have made them part.
        if let step = LanguageDifference.among(runs)?.step, step < steps.count, let prefix = firstDiffering([Array(steps.prefix(step))]) {
            current = prefix
        }
        var chunk = max(1, steps.count / 2)
        while rounds > 0 {
            if current.steps.count > 1, let smaller = firstDiffering(removals(current.steps, chunk: chunk)) {
                current = smaller
                chunk = min(chunk, max(1, current.steps.count / 2))
            } else if chunk > 1 {
                chunk /= 2
            } else if let smaller = firstDiffering(finerRemovals(current.steps)) {
                current = smaller
            } else {
                break
            }
        }
        return current
    }

    /// The first candidate on which the languages differ, with its runs.
    private mutating func firstDiffering(_ candidates: [[VectorStep.Action]]) -> (steps: [VectorStep.Action], runs: [(language: Language, run: Verifier.Run)])? {
        let candidates = candidates.map(Self.normalised).filter { !$0.isEmpty }
        guard !candidates.isEmpty else { return nil }
        rounds -= 1
        let vectors = candidates.enumerated().map { Self.vector($1, named: "candidate \($0 + 1)", model: model) }
        let runs = verifier.traces(vectors)
        for index in candidates.indices {
            let candidateRuns = verifier.runs(runs, at: index)
            if LanguageDifference.among(candidateRuns) != nil { return (candidates[index], candidateRuns) }
        }
        return nil
    }

    /// A vector of `steps` over `model`, for the runners.
    static func vector(_ steps: [VectorStep.Action], named name: String, model: Model) -> LoadedVector {
        LoadedVector(vector: Vector(generated: name, clock: RandomValues.times[0], actions: steps), model: model)
    }

    /// The steps without each run of `chunk` steps in turn.
    private func removals(_ steps: [VectorStep.Action], chunk: Int) -> [[VectorStep.Action]] {
        stride(from: 0, to: steps.count, by: chunk).map { start in
            Array(steps[..<start] + steps[min(start + chunk, steps.count)...])
        }
    }

    /// The steps without one write of a batch, or one field of a write, in turn.
    private func finerRemovals(_ steps: [VectorStep.Action]) -> [[VectorStep.Action]] {
        steps.indices.flatMap { index in
            Self.smaller(steps[index]).map { replacement in
                var candidate = steps
                candidate[index] = replacement
                return candidate
            }
        }
    }

    /// A step with one part fewer: a batch without one of its writes, a set without one of its
    /// fields, an update of one field fewer.
    private static func smaller(_ action: VectorStep.Action) -> [VectorStep.Action] {
        switch action {
        case let .batch(writes):
            return writes.indices.map { index in
                var rest = writes
                rest.remove(at: index)
                return rest.count == 1 ? rest[0] : .batch(rest)
            }
        case let .set(path, data), let .receive(path, data):
            return data.indices.map { index in
                var rest = data
                rest.remove(at: index)
                if case .receive = action { return .receive(path: path, data: rest) }
                return .set(path: path, data: rest)
            }
        case let .update(path, fields) where fields.count > 1:
            return fields.indices.map { index in
                var rest = fields
                rest.remove(at: index)
                return .update(path: path, fields: rest)
            }
        default:
            return []
        }
    }

    /// The steps without cancellations and failures of labels no longer subscribed.
    static func normalised(_ steps: [VectorStep.Action]) -> [VectorStep.Action] {
        var subscribed: Set<String> = []
        return steps.filter { action in
            switch action {
            case let .subscribe(label, _, _):
                subscribed.insert(label)
                return true
            case let .cancel(label): return subscribed.remove(label) != nil
            case let .failSubscription(label, _): return subscribed.contains(label)
            default: return true
            }
        }
    }
}
