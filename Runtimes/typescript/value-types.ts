import { compareNumbers } from "./order.js";

/**
 * A point on the Earth, as Firestore stores it: a latitude in −90…90 and a longitude in −180…180
 * degrees. Points compare by latitude, then by longitude; −0 equals 0.
 */
export class GeoPoint {
  readonly latitude: number;
  readonly longitude: number;

  /** Throws a RangeError when a coordinate is out of its range or NaN, as Firestore's SDKs do. */
  constructor(latitude: number, longitude: number) {
    this.latitude = latitude;
    this.longitude = longitude;
    if (!(latitude >= -90 && latitude <= 90)) throw new RangeError(`a latitude must be in -90...90, not ${latitude}`);
    if (!(longitude >= -180 && longitude <= 180)) throw new RangeError(`a longitude must be in -180...180, not ${longitude}`);
  }

  /** -1, 0 or 1. */
  compareTo(other: GeoPoint): number {
    return compareNumbers(this.latitude, other.latitude) || compareNumbers(this.longitude, other.longitude);
  }

  equals(other: GeoPoint): boolean {
    return this.compareTo(other) === 0;
  }
}

/** Bytes compared byte by byte (unsigned), a prefix first; -1, 0 or 1. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a[index] as number, right = b[index] as number;
    if (left !== right) return left < right ? -1 : 1;
  }
  return a.length === b.length ? 0 : (a.length < b.length ? -1 : 1);
}

/** Two lower-case hexadecimal digits a byte: `00ff10`. */
export function hexDigits(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A generated reference type (`MemberReference`): the path parameters and id of a document,
 * stored as a reference to it and ordered by its path, as Firestore orders references.
 */
export abstract class TypedReference {
  /** The segments of the document's path: `["chatrooms", "r1", "members", "u1"]`. */
  abstract get path(): readonly string[];
}
