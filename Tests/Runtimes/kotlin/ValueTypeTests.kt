package modelgen.runtime.tests

import modelgen.runtime.Bytes
import modelgen.runtime.Codecs
import modelgen.runtime.DocumentDecodingException
import modelgen.runtime.DocumentValue
import modelgen.runtime.GeoPoint
import modelgen.runtime.Match
import modelgen.runtime.ValueOrder

// Bytes, references and geopoints: Firestore's place for them in the value order (after strings,
// in that order, before arrays), bytes byte by byte and unsigned, references segment by segment,
// geopoints by latitude then longitude with −0 equal to 0, and their codecs.

private fun bytes(vararg values: Int): DocumentValue = DocumentValue.BytesValue(Bytes(ByteArray(values.size) { values[it].toByte() }))

private fun point(latitude: Double, longitude: Double): DocumentValue = DocumentValue.GeoPointValue(GeoPoint(latitude, longitude))

private fun ref(vararg path: String): DocumentValue = DocumentValue.ReferenceValue(path.toList())

internal fun valueTypeChecks() {
    val ascending = listOf(
        str("z"), bytes(), bytes(0), bytes(1), bytes(1, 2), bytes(0x7F), bytes(0x80), bytes(0xFF),
        ref("a", "1"), ref("a", "1", "b", "2"), ref("a", "10"), ref("a", "2"), ref("b", "1"),
        point(-90.0, 180.0), point(0.0, -1.0), point(0.0, 0.0), point(0.0, 1.0), point(1.0, -180.0), arr()
    )
    for ((index, value) in ascending.withIndex()) {
        for ((other, otherValue) in ascending.withIndex()) {
            val expected = if (index == other) 0 else if (index < other) -1 else 1
            expect(ValueOrder.compare(value, otherValue), expected, "order of $value vs $otherValue")
        }
    }

    expect(point(-0.0, 0.0), point(0.0, -0.0), "-0 and 0 are one point")
    expect(hashSetOf(point(-0.0, 0.0), point(0.0, 0.0)).size, 1, "one point in a set")
    expect(hashSetOf(bytes(1, 2), bytes(1, 2), bytes(2, 1)).size, 2, "bytes compare by content")
    check(Match.same(Bytes(byteArrayOf(1)), Bytes(byteArrayOf(1))), "Match.same of equal bytes")
    val array = byteArrayOf(1, 2)
    val kept = Bytes(array)
    array[0] = 9
    expect(kept, Bytes(byteArrayOf(1, 2)), "Bytes copies the array it is given")

    expect(Codecs.bytes.decode(bytes(0, 255)), Bytes(byteArrayOf(0, -1)), "bytes decode")
    expect(Codecs.geoPoint.decode(point(1.5, -2.0)), GeoPoint(1.5, -2.0), "a geopoint decodes")
    expectDecodingError("value should be bytes but is string") { Codecs.bytes.decode(str("00")) }
    expectDecodingError("value should be geopoint but is bytes") { Codecs.geoPoint.decode(bytes()) }
    expect(bytes(0, 16, 255).toString(), "bytes(0010ff)", "bytes print in hexadecimal")
    expect(point(-0.0, 2.5).toString(), "geopoint(-0.0, 2.5)", "a geopoint prints as Swift prints it")

    check(Match.less(Bytes(byteArrayOf(1, 2)), Bytes(byteArrayOf(1, -128))), "0102 < 0180: bytes are unsigned")
    check(Match.greater(GeoPoint(1.0, -180.0), GeoPoint(0.0, 180.0)), "latitude first")
    check(Match.isIn(Bytes(byteArrayOf(1)), listOf(Bytes(byteArrayOf(0)), Bytes(byteArrayOf(1)))), "bytes in a list")
    for ((latitude, longitude) in listOf(Double.NaN to 0.0, 90.5 to 0.0, 0.0 to -180.5, 0.0 to Double.POSITIVE_INFINITY)) {
        check(
            try { GeoPoint(latitude, longitude); false } catch (error: IllegalArgumentException) { true },
            "GeoPoint($latitude, $longitude) is refused"
        )
    }
}

internal fun referenceChecks() {
    expect(DocumentValue.referenceParameters(ref("rooms", "r1", "members", "u1"), "rooms/{roomId}/members"), listOf("r1", "u1"), "a reference's parameters and id")
    expect(DocumentValue.referenceParameters(ref("users", "u1"), "users"), listOf("u1"), "a top-level reference's id")
    expectDecodingError("value should be a reference to users but is a reference to admins/u1") {
        DocumentValue.referenceParameters(ref("admins", "u1"), "users")
    }
    expectDecodingError("value should be a reference to rooms/{roomId}/members but is a reference to rooms/r1") {
        DocumentValue.referenceParameters(ref("rooms", "r1"), "rooms/{roomId}/members")
    }
    expectDecodingError("value should be a reference to users but is string") { DocumentValue.referenceParameters(str("users/u1"), "users") }
    expect(ref("users", "u1").toString(), "reference(users/u1)", "a reference prints its path")
}

private fun expectDecodingError(message: String, body: () -> Unit) {
    try {
        body()
        check(false, "expected '$message'")
    } catch (error: DocumentDecodingException) {
        expect(error.message, message, "decoding error")
    }
}
