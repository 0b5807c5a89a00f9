package modelgen.runtime

/**
 * A point on the Earth, as Firestore stores it: a latitude in −90..90 and a longitude in
 * −180..180 degrees. Points compare by latitude, then by longitude; −0 equals 0.
 */
class GeoPoint(val latitude: Double, val longitude: Double) : Comparable<GeoPoint> {
    init {
        require(latitude >= -90.0 && latitude <= 90.0) { "a latitude must be in -90..90, not $latitude" }
        require(longitude >= -180.0 && longitude <= 180.0) { "a longitude must be in -180..180, not $longitude" }
    }

    override fun compareTo(other: GeoPoint): Int {
        val byLatitude = ValueOrder.compareDoubles(latitude, other.latitude)
        return if (byLatitude != 0) byLatitude else ValueOrder.compareDoubles(longitude, other.longitude)
    }

    override fun equals(other: Any?): Boolean = other is GeoPoint && compareTo(other) == 0

    override fun hashCode(): Int = Match.hash(latitude) * 31 + Match.hash(longitude)

    /** `geopoint(48.85, 2.35)`, the numbers as Swift prints them. */
    override fun toString(): String = "geopoint(${SwiftDouble.describe(latitude)}, ${SwiftDouble.describe(longitude)})"
}

/**
 * Bytes, as Firestore stores them: compared byte by byte (unsigned), a prefix first, and equal
 * when they hold the same bytes. A copy of the array is kept, so the value cannot change.
 */
class Bytes(bytes: ByteArray) : Comparable<Bytes> {
    private val bytes = bytes.copyOf()

    /** The number of bytes. */
    val size: Int get() = bytes.size

    /** A copy of the bytes. */
    fun toByteArray(): ByteArray = bytes.copyOf()

    override fun compareTo(other: Bytes): Int {
        for (index in 0 until Math.min(bytes.size, other.bytes.size)) {
            val left = bytes[index].toInt() and 0xFF
            val right = other.bytes[index].toInt() and 0xFF
            if (left != right) return if (left < right) -1 else 1
        }
        return ValueOrder.compareLongs(bytes.size.toLong(), other.bytes.size.toLong())
    }

    override fun equals(other: Any?): Boolean = other is Bytes && bytes.contentEquals(other.bytes)

    override fun hashCode(): Int = bytes.contentHashCode()

    /** `bytes(00ff10)`: two lower-case hexadecimal digits a byte. */
    override fun toString(): String = "bytes(" + bytes.joinToString("") { String.format("%02x", it.toInt() and 0xFF) } + ")"
}

/**
 * A generated reference type (`MemberReference`): the path parameters and id of a document,
 * stored as a reference to it and ordered by its path, as Firestore orders references.
 */
interface TypedReference {
    /** The segments of the document's path: `["chatrooms", "r1", "members", "u1"]`. */
    val path: List<String>
}
