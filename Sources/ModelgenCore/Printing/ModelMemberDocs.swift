/// The doc comments of the members every language's model type has.
enum ModelMemberDocs {
    static let store = "The store the streams read."
    static let scheduler = "Where streams decode snapshots and emit."
    static let onDecodeFailure = "Called with each document a stream leaves out because it does not decode."
}
