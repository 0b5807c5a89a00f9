package modelgen.runtime

import java.lang.ref.WeakReference

/**
 * What changed between lists of rows a stream emitted, for the operators below it: a query
 * stream or a join that replaced a few rows in place records which ([record]), and a join or
 * sort that kept the list before reads the positions ([positions]) instead of comparing the two
 * lists row by row. The emitted lists stay plain lists (a list of another class would cost
 * every copy of it twice as much); the latest records are kept by list identity.
 */
internal object ChangedRows {
    /** A list, the list it was made from, both held weakly, and the positions at which they differ. */
    private class Record(list: List<*>, before: List<*>, val changed: IntArray) {
        val list = WeakReference(list)
        val before = WeakReference(before)
    }

    /**
     * The latest records, each in the slot of its list's identity hash: a few, so that keeping
     * them costs the collector next to nothing; a record pushed out only means a comparison.
     */
    private val records = arrayOfNulls<Record>(64)

    private fun slot(list: List<*>): Int = System.identityHashCode(list) and (records.size - 1)

    /** Records that `list` holds the objects of `before` but at `changed` (ascending), and is as long. */
    @Synchronized
    fun record(list: List<*>, before: List<*>, changed: IntArray) {
        records[slot(list)] = Record(list, before, changed)
    }

    /**
     * The positions at which `next` holds other objects than `earlier`, in order: as recorded when
     * `next` was made from `earlier`, else by comparing the lists object by object; null when they
     * differ in length or in more than `atMost` positions.
     */
    fun <Row> positions(next: List<Row>, earlier: List<Row>, atMost: Int = Int.MAX_VALUE): List<Int>? {
        if (next.size != earlier.size) return null
        val recorded = recorded(next, earlier)
        if (recorded != null) return if (recorded.size > atMost) null else recorded
        val positions = ArrayList<Int>()
        for (position in next.indices) {
            if (next[position] === earlier[position]) continue
            if (positions.size == atMost) return null
            positions.add(position)
        }
        return positions
    }

    /** The positions recorded for `next` when it was made from `earlier`; else null. */
    @Synchronized
    fun recorded(next: List<*>, earlier: List<*>): List<Int>? {
        val record = records[slot(next)] ?: return null
        return if (record.list.get() === next && record.before.get() === earlier) record.changed.asList() else null
    }
}
