// How FirestoreStore hands writes to a batch or a transaction of the Firebase Android SDK (see
// FirestoreStore.kt).
package modelgen.runtime.firestore

import com.google.firebase.firestore.DocumentReference
import com.google.firebase.firestore.FieldValue
import com.google.firebase.firestore.FirebaseFirestore
import com.google.firebase.firestore.SetOptions
import com.google.firebase.firestore.Transaction
import com.google.firebase.firestore.WriteBatch
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.StoreException
import com.google.firebase.firestore.FieldPath as FirebaseFieldPath

/**
 * The write calls that a [WriteBatch] and a [Transaction] both take, under the same names but
 * with no common type, and [add], which puts a [DocumentWrite] to them.
 */
internal abstract class SdkWrites(private val firestore: FirebaseFirestore) {
    abstract fun set(reference: DocumentReference, data: Map<String, Any?>, options: SetOptions?)
    abstract fun update(reference: DocumentReference, data: Map<String, Any>)
    abstract fun update(reference: DocumentReference, field: FirebaseFieldPath, value: Any?, more: Array<Any?>)
    abstract fun delete(reference: DocumentReference)

    /**
     * Adds [write], which [modelgen.runtime.FirestoreRules] has checked, at [reference]; an update
     * names fields by path (not dotted strings), so a key holding a '.' stays one key. A
     * conditional write goes as a plain one: its precondition has been checked in a transaction.
     */
    fun add(write: DocumentWrite, reference: DocumentReference) {
        when (write) {
            is DocumentWrite.Set -> set(reference, write.data.mapValues { FirestoreValues.sdkValue(it.value, firestore) }, null)
            is DocumentWrite.Merge -> set(reference, nested(write.fields), SetOptions.merge())
            is DocumentWrite.Delete -> delete(reference)
            is DocumentWrite.Update -> {
                val entries = write.fields.entries.toList()
                if (entries.isEmpty()) {
                    update(reference, emptyMap())
                    return
                }
                val more = ArrayList<Any?>()
                for (entry in entries.drop(1)) {
                    more.add(FirestoreValues.fieldPath(entry.key))
                    more.add(sdkUpdate(entry.value, entry.key))
                }
                update(reference, FirestoreValues.fieldPath(entries[0].key), sdkUpdate(entries[0].value, entries[0].key), more.toTypedArray())
            }
        }
    }

    /** The nested data a set with merge takes, each update's SDK value at its field's keys. */
    private fun nested(fields: Map<FieldPath, FieldUpdate>): Map<String, Any?> {
        val data = HashMap<String, Any?>()
        for ((field, update) in fields) {
            var level = data
            for (key in field.keys.dropLast(1)) {
                @Suppress("UNCHECKED_CAST")
                level = level.getOrPut(key) { HashMap<String, Any?>() } as HashMap<String, Any?>
            }
            level[field.keys.last()] = sdkUpdate(update, field)
        }
        return data
    }

    /** A field's update as the SDK takes it: a value or a [FieldValue] transform. */
    private fun sdkUpdate(update: FieldUpdate, field: FieldPath): Any? = when (update) {
        is FieldUpdate.Value -> FirestoreValues.sdkValue(update.value, firestore)
        is FieldUpdate.Delete -> FieldValue.delete()
        is FieldUpdate.Increment -> when (val by = update.by) {
            is DocumentValue.IntValue -> FieldValue.increment(by.value)
            is DocumentValue.DoubleValue -> FieldValue.increment(by.value)
            // Refused by the checks before.
            else -> throw StoreException.NotANumber(field)
        }
        is FieldUpdate.ArrayUnion -> FieldValue.arrayUnion(*update.values.map { FirestoreValues.sdkValue(it, firestore) }.toTypedArray())
        is FieldUpdate.ArrayRemove -> FieldValue.arrayRemove(*update.values.map { FirestoreValues.sdkValue(it, firestore) }.toTypedArray())
    }
}

/** The writes of a [WriteBatch]. */
internal class BatchWrites(private val batch: WriteBatch, firestore: FirebaseFirestore) : SdkWrites(firestore) {
    override fun set(reference: DocumentReference, data: Map<String, Any?>, options: SetOptions?) {
        if (options == null) batch.set(reference, data) else batch.set(reference, data, options)
    }

    override fun update(reference: DocumentReference, data: Map<String, Any>) { batch.update(reference, data) }

    override fun update(reference: DocumentReference, field: FirebaseFieldPath, value: Any?, more: Array<Any?>) {
        batch.update(reference, field, value, *more)
    }

    override fun delete(reference: DocumentReference) { batch.delete(reference) }
}

/** The writes of a [Transaction]. */
internal class TransactionWrites(private val transaction: Transaction, firestore: FirebaseFirestore) : SdkWrites(firestore) {
    override fun set(reference: DocumentReference, data: Map<String, Any?>, options: SetOptions?) {
        if (options == null) transaction.set(reference, data) else transaction.set(reference, data, options)
    }

    override fun update(reference: DocumentReference, data: Map<String, Any>) { transaction.update(reference, data) }

    override fun update(reference: DocumentReference, field: FirebaseFieldPath, value: Any?, more: Array<Any?>) {
        transaction.update(reference, field, value, *more)
    }

    override fun delete(reference: DocumentReference) { transaction.delete(reference) }
}
