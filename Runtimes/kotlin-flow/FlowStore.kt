package modelgen.runtime

import kotlinx.coroutines.suspendCancellableCoroutine

// The store's one-shot calls as suspending functions: each suspends until the store answers,
// and cancelling the caller stops waiting (a write already made stays).

/** The query's documents, once. */
suspend fun DocumentStore.documents(query: StoreQuery): List<DocumentSnapshot> =
    suspendCancellableCoroutine { continuation -> getDocuments(query) { continuation.resumeWith(it) } }

/** The document at `path`, once; null when there is none. */
suspend fun DocumentStore.document(path: List<String>): DocumentSnapshot? =
    suspendCancellableCoroutine { continuation -> getDocument(path) { continuation.resumeWith(it) } }

/**
 * Applies the writes atomically, all or none, and returns when the store acknowledges them
 * (Firestore: when the server has them; offline, not before the client is back online). A batch
 * the store refuses is not applied: the call throws its error.
 */
suspend fun DocumentStore.commitBatch(writes: List<DocumentWrite>) {
    suspendCancellableCoroutine { continuation -> commitBatch(writes) { continuation.resumeWith(it) } }
}

/**
 * Runs [body] as a transaction and returns what it returns, by the rules of
 * [DocumentStore.runTransaction]: retried while a document it read changes, up to [maxAttempts]
 * attempts; throws, with nothing written, what the transaction fails with.
 */
suspend fun <T : Any> DocumentStore.runTransaction(maxAttempts: Int = MAXIMUM_TRANSACTION_ATTEMPTS, body: (DocumentTransaction) -> T): T =
    suspendCancellableCoroutine { continuation -> runTransaction(maxAttempts, body) { continuation.resumeWith(it) } }
