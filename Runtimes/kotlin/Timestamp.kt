package modelgen.runtime

import java.time.Instant
import java.util.Date

/** A point in time with nanosecond precision, as Firestore stores it. */
data class Timestamp(val seconds: Long, val nanoseconds: Int = 0) : Comparable<Timestamp> {
    init {
        require(nanoseconds in 0..999_999_999) { "nanoseconds must be in 0..<1_000_000_000" }
    }

    /** The time of [instant], to the nanosecond. */
    constructor(instant: Instant) : this(instant.epochSecond, instant.nano)

    /** The time of [date], to the millisecond. */
    constructor(date: Date) : this(Math.floorDiv(date.time, 1000L), (Math.floorMod(date.time, 1000L) * 1_000_000).toInt())

    /** This time as an [Instant], to the nanosecond. */
    fun toInstant(): Instant = Instant.ofEpochSecond(seconds, nanoseconds.toLong())

    /** This time as a [Date], rounded down to the millisecond. */
    fun toDate(): Date = Date(Math.addExact(Math.multiplyExact(seconds, 1000L), (nanoseconds / 1_000_000).toLong()))

    override fun compareTo(other: Timestamp): Int = when {
        seconds != other.seconds -> if (seconds < other.seconds) -1 else 1
        nanoseconds != other.nanoseconds -> if (nanoseconds < other.nanoseconds) -1 else 1
        else -> 0
    }

    /**
     * This time with its nanoseconds rounded down to whole microseconds, as Firestore stores every
     * timestamp: "When stored in Cloud Firestore, precise only to microseconds; any additional
     * precision is rounded down" (https://firebase.google.com/docs/firestore/manage-data/data-types).
     */
    fun truncatedToMicroseconds(): Timestamp =
        if (nanoseconds % 1_000 == 0) this else Timestamp(seconds, nanoseconds - nanoseconds % 1_000)

    /** RFC 3339 in UTC, `2024-01-02T03:04:05.000000006Z`, with no fraction when it is zero. */
    override fun toString(): String {
        val days = if (seconds >= 0) seconds / 86_400 else (seconds - 86_399) / 86_400
        val secondsOfDay = seconds - days * 86_400
        val date = civilDate(days)
        val fraction = if (nanoseconds == 0) "" else "." + (nanoseconds + 1_000_000_000).toString().substring(1)
        return "${date[0]}-${two(date[1])}-${two(date[2])}T${two(secondsOfDay / 3600)}:" +
            "${two(secondsOfDay / 60 % 60)}:${two(secondsOfDay % 60)}${fraction}Z"
    }

    /** Reading the clock. */
    companion object {
        /** The current time, to the millisecond. */
        fun now(): Timestamp = Timestamp(Date())

        private fun two(value: Long): String = if (value < 10) "0$value" else "$value"

        /** Howard Hinnant's days-to-civil algorithm: year, month, day. */
        private fun civilDate(days: Long): LongArray {
            val z = days + 719_468
            val era = (if (z >= 0) z else z - 146_096) / 146_097
            val dayOfEra = z - era * 146_097
            val yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            val monthIndex = (5 * dayOfYear + 2) / 153
            val day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            val month = if (monthIndex < 10) monthIndex + 3 else monthIndex - 9
            return longArrayOf(yearOfEra + era * 400 + (if (month <= 2) 1 else 0), month, day)
        }
    }
}
