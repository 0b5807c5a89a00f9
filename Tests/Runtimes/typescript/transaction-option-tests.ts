// A transaction's `maxAttempts` (Firestore's `TransactionOptions`): the most runs of its body,
// 5 unless given, and below 1 refused before anything runs.

import { InMemoryStore, MAXIMUM_TRANSACTION_ATTEMPTS, StoreError } from "../../../Runtimes/typescript/index.js";
import type { TransactionOptions } from "../../../Runtimes/typescript/index.js";
import { data, expectEqual, expectError, int, rejection } from "./harness.js";

const room = ["rooms", "r"], other = ["rooms", "o"];

/** The problem of a `StoreError`, or what else was thrown. */
const problem = (error: unknown): unknown => error instanceof StoreError ? error.problem : error;

/**
 * Runs a transaction with `options` whose read document changes before every commit on a store
 * holding `room`: what it rejects with, how many times its body ran, and whether `other` was written.
 */
async function contended(options?: TransactionOptions): Promise<{ readonly error: unknown; readonly runs: number; readonly written: boolean }> {
  const store = new InMemoryStore();
  store.setData(data({ n: int(0) }), room);
  let runs = 0;
  const error = await rejection(() => store.runTransaction(async (transaction) => {
    runs += 1;
    await transaction.get(room);
    store.setData(data({ n: int(runs) }), room);
    transaction.write({ kind: "set", path: other, data: data({}) });
  }, options));
  return { error, runs, written: await store.getDocument(other) !== null };
}

export async function transactionOptionTests(): Promise<void> {
  await attemptLimitTests();
  await invalidAttemptsTests();
}

async function attemptLimitTests(): Promise<void> {
  const two = await contended({ maxAttempts: 2 });
  expectError(two.error, StoreError, "a transaction gave up after 2 attempts: a document it read changed each time", "maxAttempts 2: contention after 2 attempts");
  expectEqual(problem(two.error), { kind: "contention", attempts: 2 }, "maxAttempts 2: the contention problem counts 2");
  expectEqual([two.runs, two.written], [2, false], "maxAttempts 2: the body runs twice and nothing is written");
  const one = await contended({ maxAttempts: 1 });
  expectEqual(problem(one.error), { kind: "contention", attempts: 1 }, "maxAttempts 1: contention after 1 attempt");
  expectError(one.error, StoreError, "a transaction gave up after 1 attempt: a document it read changed each time", "one attempt, in the singular");
  expectEqual([one.runs, one.written], [1, false], "maxAttempts 1: the body runs once and nothing is written");
  const seven = await contended({ maxAttempts: 7 });
  expectEqual([seven.runs, seven.written], [7, false], "maxAttempts 7: the body runs seven times, more than the default");
  for (const [options, name] of [[undefined, "no options"], [{}, "options without maxAttempts"]] as const) {
    const fallback = await contended(options);
    expectEqual(problem(fallback.error), { kind: "contention", attempts: MAXIMUM_TRANSACTION_ATTEMPTS }, `${name}: contention after the default attempts`);
    expectEqual(fallback.runs, 5, `${name}: the body runs five times, Firestore's default`);
  }
  const store = new InMemoryStore();
  let runs = 0;
  expectEqual(await store.runTransaction(async (transaction) => {
    runs += 1;
    transaction.write({ kind: "set", path: room, data: data({ n: int(1) }) });
    return "done";
  }, { maxAttempts: 1 }), "done", "maxAttempts 1: an uncontended transaction resolves");
  expectEqual([runs, (await store.getDocument(room))?.data.get("n")], [1, int(1)], "maxAttempts 1: an uncontended transaction runs once and writes");
}

async function invalidAttemptsTests(): Promise<void> {
  expectEqual(StoreError.invalidAttempts(0).message, "a transaction runs at least once; maxAttempts was 0", "the invalidAttempts message");
  for (const maxAttempts of [0, -1]) {
    const { error, runs, written } = await contended({ maxAttempts });
    expectError(error, StoreError, `a transaction runs at least once; maxAttempts was ${maxAttempts}`, `maxAttempts ${maxAttempts} is refused`);
    expectEqual(problem(error), { kind: "invalidAttempts", attempts: maxAttempts }, `maxAttempts ${maxAttempts}: invalidAttempts problem`);
    expectEqual([runs, written], [0, false], `maxAttempts ${maxAttempts}: the body never runs`);
  }
  let runs = 0;
  const offline = new InMemoryStore({ pendingWrites: true });
  const error = await rejection(() => offline.runTransaction(async () => { runs += 1; }, { maxAttempts: 0 }));
  expectError(error, StoreError, "a transaction runs at least once; maxAttempts was 0", "an offline store refuses maxAttempts 0 with invalidAttempts, not offline");
  expectEqual(runs, 0, "an offline transaction of maxAttempts 0 runs nothing");
}
