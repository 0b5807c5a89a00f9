/** A point in time with nanosecond precision, as Firestore stores it. */
export class Timestamp {
  readonly seconds: number;
  readonly nanoseconds: number;

  /**
   * @param seconds Whole seconds since 1970-01-01T00:00:00Z (a safe integer).
   * @param nanoseconds 0 ..< 1_000_000_000.
   */
  constructor(seconds: number, nanoseconds: number = 0) {
    this.seconds = seconds;
    this.nanoseconds = nanoseconds;
    if (!Number.isSafeInteger(seconds)) {
      throw new RangeError(`seconds must be a safe integer, not ${seconds}`);
    }
    if (!Number.isInteger(nanoseconds) || nanoseconds < 0 || nanoseconds >= 1_000_000_000) {
      throw new RangeError(`nanoseconds must be in 0..<1_000_000_000, not ${nanoseconds}`);
    }
  }

  /** The current time. */
  static now(): Timestamp {
    return Timestamp.fromDate(new Date());
  }

  /** The time of `date` (millisecond precision). */
  static fromDate(date: Date): Timestamp {
    const milliseconds = date.getTime();
    const seconds = Math.floor(milliseconds / 1000);
    return new Timestamp(seconds, (milliseconds - seconds * 1000) * 1_000_000);
  }

  /** This time as a `Date`, truncated to milliseconds. */
  toDate(): Date {
    return new Date(this.seconds * 1000 + Math.floor(this.nanoseconds / 1_000_000));
  }

  /** This time rounded down to whole microseconds, as Firestore stores it. */
  truncatedToMicroseconds(): Timestamp {
    return this.nanoseconds % 1000 === 0 ? this : new Timestamp(this.seconds, this.nanoseconds - this.nanoseconds % 1000);
  }

  /** -1, 0 or 1. */
  compareTo(other: Timestamp): number {
    if (this.seconds !== other.seconds) return this.seconds < other.seconds ? -1 : 1;
    if (this.nanoseconds !== other.nanoseconds) return this.nanoseconds < other.nanoseconds ? -1 : 1;
    return 0;
  }

  /** Whether both are the same point in time. */
  equals(other: Timestamp): boolean {
    return this.seconds === other.seconds && this.nanoseconds === other.nanoseconds;
  }

  /** RFC 3339 in UTC: `2024-01-02T03:04:05.000000006Z`, without a fraction when it is 0. */
  toString(): string {
    const days = Math.floor(this.seconds / 86_400);
    const secondsOfDay = this.seconds - days * 86_400;
    const [year, month, day] = civilDate(days);
    const fraction = this.nanoseconds === 0 ? "" : "." + String(this.nanoseconds + 1_000_000_000).slice(1);
    const hours = Math.floor(secondsOfDay / 3600), minutes = Math.floor(secondsOfDay / 60) % 60;
    return `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(secondsOfDay % 60)}${fraction}Z`;
  }
}

function two(value: number): string {
  return value < 10 ? `0${value}` : `${value}`;
}

/** Howard Hinnant's days-to-civil algorithm: [year, month, day] of a day since the epoch. */
function civilDate(days: number): readonly [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}
