package modelgen.runtime

/** Why a store refused a request. */
sealed class StoreException(message: String) : Exception(message) {
    /** A path segment is empty or holds a `/`, or the path has the wrong number of segments. */
    class InvalidPath(val path: List<String>) : StoreException(
        "invalid path ${path.joinToString("/") { "'$it'" }}: segments must be non-empty and hold no '/'"
    ) {
        /** Equal for the same path. */
        override fun equals(other: Any?): Boolean = other is InvalidPath && other.path == path

        /** Consistent with [equals]. */
        override fun hashCode(): Int = path.hashCode()
    }

    /**
     * A write names a document by an id Firestore does not take ("Constraints on
     * collections, documents, and fields"): `.`, `..`, one of the form `__.*__`, or one longer than
     * 1,500 bytes, as the document's id or as one of its path's.
     */
    class ReservedID(val path: List<String>) : StoreException(
        "invalid path ${path.joinToString("/") { "'$it'" }}: Firestore takes no id that is '.' or '..', matches __.*__, or is longer than 1,500 bytes"
    ) {
        /** Equal for the same path. */
        override fun equals(other: Any?): Boolean = other is ReservedID && other.path == path

        /** Consistent with [equals]. */
        override fun hashCode(): Int = path.hashCode()
    }

    /** No document to update, or to delete with [DocumentWrite.Delete.mustExist]. */
    class NotFound(val path: List<String>) : StoreException("no document at '${path.joinToString("/")}'") {
        /** Equal for the same path. */
        override fun equals(other: Any?): Boolean = other is NotFound && other.path == path

        /** Consistent with [equals]. */
        override fun hashCode(): Int = path.hashCode() + 1
    }

    /** A create-only write ([DocumentWrite.Set.mustNotExist]) of a document that exists. */
    class AlreadyExists(val path: List<String>) : StoreException("a document already exists at '${path.joinToString("/")}'") {
        /** Equal for the same path. */
        override fun equals(other: Any?): Boolean = other is AlreadyExists && other.path == path

        /** Consistent with [equals]. */
        override fun hashCode(): Int = path.hashCode() + 16
    }

    /**
     * An `unchangedSince` write ([DocumentWrite.Update.unchangedSince],
     * [DocumentWrite.Delete.unchangedSince]) of a document that no longer reads as it was read.
     */
    class ChangedSinceRead(val path: List<String>) :
        StoreException("the document at '${path.joinToString("/")}' has changed since it was read") {
        /** Equal for the same path. */
        override fun equals(other: Any?): Boolean = other is ChangedSinceRead && other.path == path

        /** Consistent with [equals]. */
        override fun hashCode(): Int = path.hashCode() + 19
    }

    /** One update names a field and a field inside it. */
    class OverlappingFields(val field: FieldPath, val inner: FieldPath) :
        StoreException("one update cannot change both '$field' and '$inner'") {
        /** Equal for the same fields. */
        override fun equals(other: Any?): Boolean = other is OverlappingFields && other.field == field && other.inner == inner

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() * 31 + inner.hashCode()
    }

    /** An increment by something else than an int or a double. */
    class NotANumber(val field: FieldPath) : StoreException("'$field' can only be incremented by an int or a double") {
        /** Equal for the same field. */
        override fun equals(other: Any?): Boolean = other is NotANumber && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() + 2
    }

    /** A transaction read a document after it wrote one. */
    class ReadAfterWrite : StoreException("a transaction must read every document before it writes any") {
        /** Equal to every other. */
        override fun equals(other: Any?): Boolean = other is ReadAfterWrite

        /** Consistent with [equals]. */
        override fun hashCode(): Int = 3
    }

    /** A transaction found a document it read changed at each of its [attempts]. */
    class Contention(val attempts: Int) :
        StoreException("a transaction gave up after $attempts ${if (attempts == 1) "attempt" else "attempts"}: a document it read changed each time") {
        /** Equal for the same number of attempts. */
        override fun equals(other: Any?): Boolean = other is Contention && other.attempts == attempts

        /** Consistent with [equals]. */
        override fun hashCode(): Int = attempts + 4
    }

    /** A transaction given fewer than one attempt: Firestore's `maxAttempts` must be at least 1. */
    class InvalidAttempts(val attempts: Int) :
        StoreException("a transaction runs at least once; maxAttempts was $attempts") {
        /** Equal for the same number of attempts. */
        override fun equals(other: Any?): Boolean = other is InvalidAttempts && other.attempts == attempts

        /** Consistent with [equals]. */
        override fun hashCode(): Int = attempts + 17
    }

    /** A transaction on a store that cannot reach the server. */
    class Offline : StoreException("a transaction needs the server, and this store's writes are pending") {
        /** Equal to every other. */
        override fun equals(other: Any?): Boolean = other is Offline

        /** Consistent with [equals]. */
        override fun hashCode(): Int = 5
    }

    /**
     * A field Firestore cannot name: with no name or an empty one, or, written, one that begins
     * and ends with `__` (as the document id's `__name__` does).
     */
    class InvalidField(val field: FieldPath) :
        StoreException("invalid field '$field': names must be non-empty, and written ones must not begin and end with '__'") {
        /** Equal for the same field. */
        override fun equals(other: Any?): Boolean = other is InvalidField && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() + 6
    }

    /**
     * A value Firestore cannot take where it is: an array directly inside an array (but in an
     * `in` or `not-in` list), a server timestamp inside an array or in a query, or a timestamp
     * outside the years 1 to 9999.
     */
    class UnsupportedValue(val field: FieldPath) : StoreException(
        "'$field' holds what Firestore cannot take there: an array directly inside an array, a server timestamp inside an array " +
            "or in a query, or a timestamp outside the years 1 to 9999"
    ) {
        /** Equal for the same field. */
        override fun equals(other: Any?): Boolean = other is UnsupportedValue && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() + 7
    }

    /**
     * A filter beside an earlier one Firestore does not run it with: a second `!=` or `not-in`,
     * or `not-in` with `!=`, `in` or `array-contains-any`.
     */
    class ConflictingFilters(val op: QueryOperator, val earlier: QueryOperator) : StoreException(
        if (op == earlier) "a query can have at most one '${op.firestoreName}' filter"
        else "a query cannot have both '${op.firestoreName}' and '${earlier.firestoreName}' filters"
    ) {
        /** Equal for the same operators. */
        override fun equals(other: Any?): Boolean = other is ConflictingFilters && other.op == op && other.earlier == earlier

        /** Consistent with [equals]. */
        override fun hashCode(): Int = op.hashCode() * 31 + earlier.hashCode()
    }

    /** An `in`, `not-in` or `array-contains-any` filter whose value is not a list, or an empty one. */
    class EmptyList(val op: QueryOperator, val field: FieldPath) :
        StoreException("the '${op.firestoreName}' filter on '$field' needs a non-empty list") {
        /** Equal for the same operator and field. */
        override fun equals(other: Any?): Boolean = other is EmptyList && other.op == op && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = op.hashCode() * 31 + field.hashCode() + 8
    }

    /** A list longer than Firestore takes: [limit] values, 30 for `in` and `array-contains-any`, 10 for `not-in`. */
    class TooManyValues(val op: QueryOperator, val field: FieldPath, val limit: Int) :
        StoreException("the '${op.firestoreName}' filter on '$field' takes at most $limit values") {
        /** Equal for the same operator, field and limit. */
        override fun equals(other: Any?): Boolean = other is TooManyValues && other.op == op && other.field == field && other.limit == limit

        /** Consistent with [equals]. */
        override fun hashCode(): Int = (op.hashCode() * 31 + field.hashCode()) * 31 + limit
    }

    /** A query with a `not-in` filter and an `or`, which Firestore's server refuses. */
    object NotInWithOr : StoreException("a query with a 'not-in' filter cannot use 'or'")

    /** Two `array-contains` or `array-contains-any` filters joined by `and`, which Firestore's server refuses. */
    object TwoArrayContains :
        StoreException("a query can have one 'array-contains' or 'array-contains-any' filter in each 'or' branch, not two joined by 'and'")

    /**
     * A filter of more than 30 disjunctions in disjunctive normal form, `in` and
     * `array-contains-any` counting one per value, which Firestore's server refuses.
     */
    object TooManyDisjunctions :
        StoreException("a query's filter makes more than the 30 disjunctions Firestore runs ('in' and 'array-contains-any' count one per value)")

    /** One field twice in a query's `orderBy`. */
    class FieldOrderedTwice(val field: FieldPath) : StoreException("a query cannot order by '$field' twice") {
        /** Equal for the same field. */
        override fun equals(other: Any?): Boolean = other is FieldOrderedTwice && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() + 11
    }

    /** A key after the document id in a query's order, the inequalities' fields included. */
    object OrderAfterDocumentId :
        StoreException("a query's order cannot have a key after the document id (an inequality's field is ordered after the keys given)")

    /** An `==` or `in` on the document id beside an inequality on another field and none on the id. */
    object DocumentIdEqualityWithInequality :
        StoreException("a query with '==' or 'in' on the document id cannot have an inequality on another field unless it has one on the id")

    /** A document a commit would leave larger than Firestore stores (1,048,576 bytes). */
    class DocumentTooLarge(val path: List<String>) :
        StoreException("the document at '${path.joinToString("/")}' would be larger than the 1,048,576 bytes Firestore stores") {
        /** Equal for the same path. */
        override fun equals(other: Any?): Boolean = other is DocumentTooLarge && other.path == path

        /** Consistent with [equals]. */
        override fun hashCode(): Int = path.hashCode() + 12
    }

    /** A commit's writes come to more than the 10 MiB Firestore takes in one request. */
    class RequestTooLarge : StoreException("the commit is larger than the 10,485,760 bytes (10 MiB) Firestore takes in one request") {
        /** Equal to every other. */
        override fun equals(other: Any?): Boolean = other is RequestTooLarge

        /** Consistent with [equals]. */
        override fun hashCode(): Int = 18
    }

    /** A string or bytes value longer than Firestore stores (1,048,487 bytes). */
    class ValueTooLarge(val field: FieldPath) :
        StoreException("'$field' holds a string or bytes longer than the 1,048,487 bytes Firestore stores in one value") {
        /** Equal for the same field. */
        override fun equals(other: Any?): Boolean = other is ValueTooLarge && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() + 13
    }

    /** A value of maps and arrays nested more than 20 levels deep. */
    class TooDeep(val field: FieldPath) : StoreException("'$field' nests maps and arrays deeper than the 20 levels Firestore stores") {
        /** Equal for the same field. */
        override fun equals(other: Any?): Boolean = other is TooDeep && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() + 14
    }

    /** A field path longer than Firestore takes (1,500 bytes, its names joined by dots). */
    class FieldPathTooLong(val field: FieldPath) : StoreException("the field path '$field' is longer than the 1,500 bytes Firestore takes") {
        /** Equal for the same field. */
        override fun equals(other: Any?): Boolean = other is FieldPathTooLong && other.field == field

        /** Consistent with [equals]. */
        override fun hashCode(): Int = field.hashCode() + 15
    }

    /**
     * A filter on the document id with a value no document id can be (not a non-empty string
     * holding no '/'), or with `array-contains` or `array-contains-any`.
     */
    object InvalidDocumentIdFilter :
        StoreException("a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'")

    /**
     * A collection-group query that compares the document id (a filter or a cursor), which
     * Firestore takes only as a whole document path.
     */
    object DocumentIdInCollectionGroup :
        StoreException("a collection-group query compares the document id with whole document paths, not ids; filter on a stored field")

    /** A query with both a `limit` and a `limitToLast`. */
    object TwoLimits : StoreException("a query takes 'limit' or 'limitToLast', not both")

    /** A `limitToLast` query with no `orderBy`, which Firestore refuses. */
    object LimitToLastWithoutOrder : StoreException("a query with 'limitToLast' needs an 'orderBy'")

    /** A cursor ([QueryBound]) with more [values] than the query has `orderBy` keys ([orderKeys]). */
    class CursorTooLong(val values: Int, val orderKeys: Int) :
        StoreException("a cursor takes at most one value per 'orderBy' key: $values values for $orderKeys keys") {
        /** Equal for the same counts. */
        override fun equals(other: Any?): Boolean = other is CursorTooLong && other.values == values && other.orderKeys == orderKeys

        /** Consistent with [equals]. */
        override fun hashCode(): Int = values * 31 + orderKeys + 9
    }

    /** A cursor whose value for the document id is not a plain id (a non-empty string holding no '/'). */
    object InvalidDocumentIDCursor : StoreException("a cursor's value for the document id must be a non-empty string holding no '/'")
}
