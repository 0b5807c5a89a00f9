// How FirestoreStore converts values, documents and their changes between the runtime and the
// Firebase Android SDK (see FirestoreStore.kt).
package modelgen.runtime.firestore

import com.google.firebase.firestore.Blob
import com.google.firebase.firestore.DocumentReference
import com.google.firebase.firestore.FieldValue
import com.google.firebase.firestore.FirebaseFirestore
import modelgen.runtime.DocumentChange
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentValue
import modelgen.runtime.Bytes
import modelgen.runtime.FieldPath
import modelgen.runtime.GeoPoint
import modelgen.runtime.Timestamp
import com.google.firebase.Timestamp as FirebaseTimestamp
import com.google.firebase.firestore.DocumentChange as FirebaseChange
import com.google.firebase.firestore.DocumentSnapshot as FirebaseSnapshot
import com.google.firebase.firestore.FieldPath as FirebaseFieldPath
import com.google.firebase.firestore.GeoPoint as FirebaseGeoPoint

/** Values, field paths, documents and changes as the SDK gives and takes them. */
internal object FirestoreValues {
    /**
     * A [DocumentValue] as the SDK takes it, a reference as one of `firestore`'s documents. It
     * converts without checking: the store checks what it hands the SDK with
     * [modelgen.runtime.FirestoreRules] first.
     */
    fun sdkValue(value: DocumentValue, firestore: FirebaseFirestore): Any? = when (value) {
        is DocumentValue.Null -> null
        is DocumentValue.BoolValue -> value.value
        is DocumentValue.IntValue -> value.value
        is DocumentValue.DoubleValue -> value.value
        is DocumentValue.TimestampValue -> FirebaseTimestamp(value.value.seconds, value.value.nanoseconds)
        is DocumentValue.StringValue -> value.value
        is DocumentValue.BytesValue -> Blob.fromBytes(value.value.toByteArray())
        is DocumentValue.GeoPointValue -> FirebaseGeoPoint(value.value.latitude, value.value.longitude)
        is DocumentValue.ReferenceValue -> firestore.document(value.path.joinToString("/"))
        is DocumentValue.ArrayValue -> value.values.map { sdkValue(it, firestore) }
        is DocumentValue.MapValue -> value.fields.mapValues { sdkValue(it.value, firestore) }
        is DocumentValue.ServerTimestamp -> FieldValue.serverTimestamp()
    }

    /** A field's path as the SDK takes it. */
    fun fieldPath(field: FieldPath): FirebaseFieldPath =
        if (field == FieldPath.documentID) FirebaseFieldPath.documentId() else FirebaseFieldPath.of(*field.keys.toTypedArray())

    /** A change of the SDK's query snapshot. */
    fun change(change: FirebaseChange): DocumentChange {
        val document = snapshot(change.document)
        return when (change.type) {
            FirebaseChange.Type.ADDED -> DocumentChange.Added(document, change.newIndex)
            FirebaseChange.Type.REMOVED -> DocumentChange.Removed(document, change.oldIndex)
            else -> DocumentChange.Modified(document, change.oldIndex, change.newIndex)
        }
    }

    /** A document the SDK read, its pending server timestamps as [DocumentValue.ServerTimestamp]. */
    fun snapshot(snapshot: FirebaseSnapshot): DocumentSnapshot {
        val stored = snapshot.getData(FirebaseSnapshot.ServerTimestampBehavior.NONE) ?: emptyMap<String, Any?>()
        val estimated: Map<String, Any?> = if (snapshot.metadata.hasPendingWrites()) {
            snapshot.getData(FirebaseSnapshot.ServerTimestampBehavior.ESTIMATE) ?: emptyMap<String, Any?>()
        } else {
            emptyMap()
        }
        val data = LinkedHashMap<String, DocumentValue>()
        for ((key, value) in stored) data[key] = documentValue(value, estimated[key])
        return DocumentSnapshot(snapshot.id, data, snapshot.reference.path.split("/").dropLast(1))
    }

    /**
     * A Firestore value as a [DocumentValue]; `estimate` is the same field read with estimated
     * server timestamps, which tells a pending one from a stored null.
     */
    private fun documentValue(value: Any?, estimate: Any?): DocumentValue = when (value) {
        null -> if (estimate is FirebaseTimestamp) DocumentValue.ServerTimestamp else DocumentValue.Null
        is Boolean -> DocumentValue.BoolValue(value)
        is Double -> DocumentValue.DoubleValue(value)
        is Float -> DocumentValue.DoubleValue(value.toDouble())
        is Number -> DocumentValue.IntValue(value.toLong())
        is String -> DocumentValue.StringValue(value)
        is FirebaseTimestamp -> DocumentValue.TimestampValue(Timestamp(value.seconds, value.nanoseconds))
        is Blob -> DocumentValue.BytesValue(Bytes(value.toBytes()))
        is FirebaseGeoPoint -> DocumentValue.GeoPointValue(GeoPoint(value.latitude, value.longitude))
        is List<*> -> {
            val estimates = estimate as? List<*>
            DocumentValue.ArrayValue(value.mapIndexed { index, element -> documentValue(element, estimates?.getOrNull(index)) })
        }
        is Map<*, *> -> {
            val estimates = estimate as? Map<*, *>
            val fields = LinkedHashMap<String, DocumentValue>()
            for ((key, element) in value) fields[key.toString()] = documentValue(element, estimates?.get(key))
            DocumentValue.MapValue(fields)
        }
        is DocumentReference -> DocumentValue.ReferenceValue(value.path.split("/"))
        else -> DocumentValue.StringValue(value.toString())
    }
}
