package modelgen.runtime

import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Maybe
import io.reactivex.rxjava3.core.Single

// The store's one-shot calls as RxJava 3 sources, each lazy: nothing runs before it is
// subscribed, and each subscription makes the call again.

/** The query's documents, once; fails with the error of a query the store refuses. */
fun DocumentStore.getDocuments(query: StoreQuery): Single<List<DocumentSnapshot>> =
    Single.create { emitter -> getDocuments(query) { result -> result.fold(emitter::onSuccess, emitter::tryOnError) } }

/** The document at `path`, once; empty when there is none. */
fun DocumentStore.getDocument(path: List<String>): Maybe<DocumentSnapshot> =
    Maybe.create { emitter ->
        getDocument(path) { result ->
            result.fold({ document -> if (document == null) emitter.onComplete() else emitter.onSuccess(document) }, emitter::tryOnError)
        }
    }

/**
 * Applies the writes atomically, all or none, when subscribed, notifying listeners once, and
 * completes when the store acknowledges them (Firestore: when the server has them; offline, not
 * before the client is back online). A batch the store refuses is not applied: the completable
 * fails during subscribe.
 */
fun DocumentStore.commitBatch(writes: List<DocumentWrite>): Completable =
    Completable.create { emitter -> commitBatch(writes) { result -> result.fold({ emitter.onComplete() }, emitter::tryOnError) } }

/**
 * Runs [body] as a transaction when subscribed, and emits what it returns, by the rules of
 * [DocumentStore.runTransaction]: retried while a document it read changes, up to [maxAttempts]
 * attempts in all; fails, with nothing written, with what the transaction fails with.
 */
fun <T : Any> DocumentStore.runTransaction(maxAttempts: Int = MAXIMUM_TRANSACTION_ATTEMPTS, body: (DocumentTransaction) -> T): Single<T> =
    Single.create { emitter -> runTransaction(maxAttempts, body) { result -> result.fold(emitter::onSuccess, emitter::tryOnError) } }
