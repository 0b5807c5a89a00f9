// Checks string enums in the TypeScript runtime: `Codecs.stringEnum` decodes only the enum's
// strings and stores a value as itself, and `Match` compares and orders them as strings (by code
// point), not in the order of the list. Run by runtime-tests.ts, with its harness.

import { Codecs, DocumentDecodingError, DocumentValue, Match } from "../../../Runtimes/typescript/index.js";
import { check, expectEqual, expectError, int, str, thrown } from "./harness.js";

type Phase = "open" | "in-progress" | "done";
const Phase = Codecs.stringEnum<Phase>(["open", "in-progress", "done"]);

/** The checks of string enums. */
export function stringEnumTests(): void {
  expectEqual(Phase.values, ["open", "in-progress", "done"], "the codec lists the values in the schema's order");
  for (const phase of Phase.values) expectEqual(Phase.decode(Phase.encode(phase)), phase, `${phase} round-trips`);
  expectEqual(Phase.encode("in-progress"), str("in-progress"), "a value is stored as its string");
  expectError(thrown(() => Phase.decode(str("Open"))), DocumentDecodingError,
    "value should be one of 'open', 'in-progress', 'done' but is 'Open'", "a string outside the enum");
  expectError(thrown(() => Phase.decode(str(""))), DocumentDecodingError,
    "value should be one of 'open', 'in-progress', 'done' but is ''", "the empty string");
  expectError(thrown(() => Phase.decode(int(3))), DocumentDecodingError, "value should be string but is int", "a value that is no string");
  expectEqual(Codecs.optional(Phase).decode(DocumentValue.null), null, "an optional enum reads null as null");
  expectEqual(Codecs.list(Phase).decode(DocumentValue.array([str("open"), str("done")])), ["open", "done"], "a list of an enum");

  // "done" < "in-progress" < "open": the strings' order, the reverse of the list's here.
  check(Match.less("done", "in-progress") && Match.less("in-progress", "open"), "ordered as strings");
  check(!Match.greater("done", "open") && Match.lessOrEqual("open", "open"), "not in the list's order");
}
