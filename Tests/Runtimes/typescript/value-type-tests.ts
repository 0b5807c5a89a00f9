// Checks bytes, references and geopoints in the TypeScript runtime: Firestore's place for them in
// the value order (after strings, in that order, before arrays), bytes byte by byte and unsigned,
// references segment by segment, geopoints by latitude then longitude with -0 equal to 0, and
// their codecs, which copy bytes.
// Run by runtime-tests.ts, with its harness.

import {
  Codecs, compareValues, describeValue, DocumentDecodingError, DocumentValue, GeoPoint, Match, referenceParameters, valuesEqual,
} from "../../../Runtimes/typescript/index.js";
import { check, expectEqual, expectError, str, thrown } from "./harness.js";

const bytes = (...values: number[]): DocumentValue => DocumentValue.bytes(new Uint8Array(values));
const point = (latitude: number, longitude: number): DocumentValue => DocumentValue.geoPoint(new GeoPoint(latitude, longitude));

const ref = (...path: string[]): DocumentValue => DocumentValue.reference(path);

/** The checks of bytes, references and geopoints. */
export function valueTypeTests(): void {
  const ascending = [
    str("z"), bytes(), bytes(0), bytes(1), bytes(1, 2), bytes(0x7f), bytes(0x80), bytes(0xff),
    ref("a", "1"), ref("a", "1", "b", "2"), ref("a", "10"), ref("a", "2"), ref("b", "1"),
    point(-90, 180), point(0, -1), point(0, 0), point(0, 1), point(1, -180), DocumentValue.array([]),
  ];
  ascending.forEach((value, index) => {
    ascending.forEach((other, otherIndex) => {
      const expected = index === otherIndex ? 0 : (index < otherIndex ? -1 : 1);
      expectEqual(compareValues(value, other), expected, `order ${describeValue(value)} vs ${describeValue(other)}`);
    });
  });

  check(valuesEqual(point(-0, 0), point(0, -0)), "-0 and 0 are one point");
  check(Match.same(new GeoPoint(-0, 1), new GeoPoint(0, 1)), "Match.same of points with zeros of both signs");
  check(Match.same(new Uint8Array([1, 2]), new Uint8Array([1, 2])) && !Match.same(new Uint8Array([1, 2]), new Uint8Array([2, 1])),
    "Match.same compares bytes by content");
  check(Match.less(new Uint8Array([1, 2]), new Uint8Array([1, 0x80])), "0102 < 0180: bytes are unsigned");
  check(Match.greater(new GeoPoint(1, -180), new GeoPoint(0, 180)), "latitude first");
  check(Match.isIn(new Uint8Array([1]), [new Uint8Array([0]), new Uint8Array([1])]), "bytes in a list");

  const stored = new Uint8Array([0, 255]);
  const value = Codecs.bytes.encode(stored);
  stored[0] = 9;
  const decoded = Codecs.bytes.decode(value);
  decoded[1] = 9;
  expectEqual(describeValue(value), "bytes(00ff)", "bytes are copied in and out of a value");
  check(Codecs.geoPoint.decode(point(1.5, -2)).equals(new GeoPoint(1.5, -2)), "a geopoint decodes");
  expectError(thrown(() => Codecs.bytes.decode(str("00"))), DocumentDecodingError, "value should be bytes but is string", "bytes from a string");
  expectError(thrown(() => Codecs.geoPoint.decode(bytes())), DocumentDecodingError, "value should be geopoint but is bytes", "a geopoint from bytes");
  expectEqual(describeValue(point(-0, 2.5)), "geopoint(-0.0, 2.5)", "a geopoint prints as Swift prints it");
  expectEqual(referenceParameters<"roomId">(ref("rooms", "r1", "members", "u1"), "rooms/{roomId}/members"), { roomId: "r1", id: "u1" }, "a reference's parameters and id");
  expectEqual(referenceParameters<never>(ref("users", "u1"), "users"), { id: "u1" }, "a top-level reference's id");
  expectError(thrown(() => referenceParameters(ref("admins", "u1"), "users")), DocumentDecodingError,
    "value should be a reference to users but is a reference to admins/u1", "a reference to another collection");
  expectError(thrown(() => referenceParameters(ref("rooms", "r1"), "rooms/{roomId}/members")), DocumentDecodingError,
    "value should be a reference to rooms/{roomId}/members but is a reference to rooms/r1", "a reference to a shorter path");
  expectError(thrown(() => referenceParameters(str("users/u1"), "users")), DocumentDecodingError,
    "value should be a reference to users but is string", "a string is no reference");
  expectEqual(describeValue(ref("users", "u1")), "reference(users/u1)", "a reference prints its path");
  for (const [latitude, longitude] of [[NaN, 0], [90.5, 0], [0, -180.5], [0, Infinity]] as const) {
    check(thrown(() => new GeoPoint(latitude, longitude)) instanceof RangeError, `GeoPoint(${latitude}, ${longitude}) is refused`);
  }
}
