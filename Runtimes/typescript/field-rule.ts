import { compareValues } from "./order.js";
import type { FieldUpdate } from "./field-update.js";
import type { DocumentWrite } from "./store.js";
import { describeValue } from "./value.js";
import type { DocumentValue } from "./value.js";

/**
 * A declared constraint of one of a collection's fields (`min`, `maxLength`, `values`, …), as the
 * generated typed writes check it before anything is written. A value that is absent, null or a
 * pending server timestamp keeps every rule; transforms (an increment, an array union) are not
 * checked, as their result is the server's to know.
 */
export interface FieldRule {
  readonly key: string;
  readonly check: (value: DocumentValue) => readonly string[];
}

function sizes(field: string, size: number, min: number | null, max: number | null, unit: string): string[] {
  const plural = (count: number): string => (count === 1 ? unit : unit + "s");
  if (min !== null && size < min) return [`'${field}' must have at least ${min} ${plural(min)}`];
  if (max !== null && size > max) return [`'${field}' must have at most ${max} ${plural(max)}`];
  return [];
}

/** Makes rules, and checks writes against them. */
export const FieldRule = {
  /** A number's bounds, inclusive; NaN is within no bounds (it breaks each one declared), as Firestore's security rules compare it. */
  range(field: string, key: string, min: DocumentValue | null, max: DocumentValue | null): FieldRule {
    return {
      key,
      check: (value) => {
        if (value.kind !== "int" && value.kind !== "double") return [];
        const nan = value.kind === "double" && Number.isNaN(value.value);
        return [
          ...(min !== null && (nan || compareValues(value, min) < 0) ? [`'${field}' must be at least ${describeValue(min)}`] : []),
          ...(max !== null && (nan || compareValues(value, max) > 0) ? [`'${field}' must be at most ${describeValue(max)}`] : []),
        ];
      },
    };
  },

  /** A string's length in UTF-16 code units, inclusive, as Firestore's security rules measure it. */
  length(field: string, key: string, min: number | null, max: number | null): FieldRule {
    return { key, check: (value) => (value.kind === "string" ? sizes(field, value.value.length, min, max, "character") : []) };
  },

  /** A list's size, inclusive. */
  items(field: string, key: string, min: number | null, max: number | null): FieldRule {
    return { key, check: (value) => (value.kind === "array" ? sizes(field, value.values.length, min, max, "item") : []) };
  },

  /** The strings a field may hold. */
  oneOf(field: string, key: string, values: readonly string[]): FieldRule {
    return {
      key,
      check: (value) => (value.kind === "string" && !values.includes(value.value) ? [`'${field}' must be one of ${values.map((item) => `'${item}'`).join(", ")}`] : []),
    };
  },

  /** `write` if the values it sets keep `rules`; else throws a `ConstraintError` listing every violation, in the order of the rules. */
  checked(rules: readonly FieldRule[], write: DocumentWrite): DocumentWrite {
    const violations = rules.flatMap((rule) => {
      const value = write.kind === "set" ? write.data.get(rule.key)
        : write.kind === "update" || write.kind === "merge" ? write.fields.find(([field]) => field.length === 1 && field[0] === rule.key)?.[1] : undefined;
      return value === undefined || !isStoredValue(value) ? [] : rule.check(value);
    });
    if (violations.length > 0) throw new ConstraintError(violations);
    return write;
  },
};

/** Whether an update's field sets a value (rather than transforming the stored one). */
function isStoredValue(update: FieldUpdate): update is DocumentValue {
  return update.kind !== "delete" && update.kind !== "increment" && update.kind !== "arrayUnion" && update.kind !== "arrayRemove";
}

/**
 * A typed write whose values break the schema's constraints: every violation, with the field's
 * schema name and the rule (`'title' must have at least 1 character`). Nothing was written.
 */
export class ConstraintError extends Error {
  readonly violations: readonly string[];

  constructor(violations: readonly string[]) {
    super(violations.join("; "));
    this.violations = violations;
    this.name = "ConstraintError";
    Object.setPrototypeOf(this, new.target.prototype);
  }
}
