import Foundation
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Bytes, references and geopoints: Firestore's place for them in the value order (after
/// strings, in that order, before arrays), bytes byte by byte and unsigned, references segment by
/// segment, geopoints by latitude then longitude with −0 equal to 0, and their codecs.
@Suite struct ValueTypeTests {
    func bytes(_ values: UInt8...) -> DocumentValue { .bytes(Data(values)) }
    func point(_ latitude: Double, _ longitude: Double) -> DocumentValue { .geoPoint(GeoPoint(latitude: latitude, longitude: longitude)) }

    @Test func theyComeAfterStringsAndBeforeArrays() {
        let ascending: [DocumentValue] = [
            "z", bytes(), bytes(0), bytes(1), bytes(1, 2), bytes(0x7F), bytes(0x80), bytes(0xFF),
            .reference(["a", "1"]), .reference(["a", "1", "b", "2"]), .reference(["a", "10"]), .reference(["a", "2"]), .reference(["b", "1"]),
            point(-90, 180), point(0, -1), point(0, 0), point(0, 1), point(1, -180), [],
        ]
        for (index, value) in ascending.enumerated() {
            for (other, otherValue) in ascending.enumerated() {
                let expected = index == other ? 0 : (index < other ? -1 : 1)
                #expect(ValueOrder.compare(value, otherValue) == expected, "\(value) vs \(otherValue)")
            }
        }
    }

    @Test func zerosOfBothSignsAreOnePoint() {
        #expect(point(-0.0, 0) == point(0, -0.0))
        #expect(Set([point(-0.0, 0), point(0, 0)]).count == 1)
        #expect(!DocumentValue.identical(point(-0.0, 0), point(0, 0)))
        #expect(Match.same(GeoPoint(latitude: -0.0, longitude: 1), GeoPoint(latitude: 0, longitude: 1)))
        #expect(Set([bytes(1, 2), bytes(1, 2), bytes(2, 1)]).count == 2)
    }

    @Test func codecsReadOnlyTheirType() throws {
        #expect(try Data(documentValue: bytes(0, 255)) == Data([0, 255]))
        #expect(try GeoPoint(documentValue: point(1.5, -2)) == GeoPoint(latitude: 1.5, longitude: -2))
        #expect(throws: DocumentDecodingError(.wrongType(expected: "bytes", found: "string"))) { try Data(documentValue: "00") }
        #expect(throws: DocumentDecodingError(.wrongType(expected: "geopoint", found: "bytes"))) { try GeoPoint(documentValue: bytes()) }
        #expect(try Data?(documentValue: .null) == nil)
        #expect(bytes(0, 16, 255).description == "bytes(0010ff)")
        #expect(point(-0.0, 2.5).description == "geopoint(-0.0, 2.5)")
    }

    @Test func referencesReadTheirCollectionsPath() throws {
        #expect(try DocumentValue.referenceParameters(.reference(["rooms", "r1", "members", "u1"]), collection: "rooms/{roomId}/members") == ["r1", "u1"])
        #expect(try DocumentValue.referenceParameters(.reference(["users", "u1"]), collection: "users") == ["u1"])
        #expect(throws: DocumentDecodingError(.wrongType(expected: "a reference to users", found: "a reference to admins/u1"))) {
            try DocumentValue.referenceParameters(.reference(["admins", "u1"]), collection: "users")
        }
        #expect(throws: DocumentDecodingError(.wrongType(expected: "a reference to rooms/{roomId}/members", found: "a reference to rooms/r1"))) {
            try DocumentValue.referenceParameters(.reference(["rooms", "r1"]), collection: "rooms/{roomId}/members")
        }
        #expect(throws: DocumentDecodingError(.wrongType(expected: "a reference to users", found: "string"))) {
            try DocumentValue.referenceParameters("users/u1", collection: "users")
        }
        #expect(DocumentValue.reference(["users", "u1"]).description == "reference(users/u1)")
        #expect(throws: StoreError.invalidPath(["users"])) {
            try FirestoreRules.check(.reference(["users"]), at: FieldPath(["owner"]), use: .write)
        }
    }

    @Test func predicatesCompareThem() {
        #expect(Match.less(Data([1, 2]), Data([1, 0x80])))
        #expect(Match.greater(GeoPoint(latitude: 1, longitude: -180), GeoPoint(latitude: 0, longitude: 180)))
        #expect(Match.isIn(Data([1]), [Data([0]), Data([1])]))
        #expect(!Match.equal(Data([1]), nil))
    }
}
