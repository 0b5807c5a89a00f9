extension Publisher where Failure == any Error, Output: ContractEquatable {
    /// The last value once `milliseconds` have passed without a new one, on `scheduler`'s clock;
    /// a value equal (under the contract) to the one it emitted before is left out.
    public func debounced(milliseconds: Int, scheduler: StreamScheduler) -> AnyPublisher<Output, any Error> {
        debounce(for: .milliseconds(milliseconds), scheduler: scheduler)
            .removeDuplicates(by: Output.contractEqual)
            .eraseToAnyPublisher()
    }
}
