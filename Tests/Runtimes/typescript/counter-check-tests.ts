// Declared writes that check a counter (`Member[$uid].sentCount < 10`): one transaction reads the
// counter, fails unless the check holds, then writes and changes the counter by its step, so that
// a cap holds under concurrent writers (the same cases as the Swift and Kotlin runtimes' tests).

import type { Observable } from "rxjs";
import { ConstraintError, counterCheck, InMemoryStore, PreCheckError, StoreError, written } from "../../../Runtimes/typescript/index.js";
import type { CounterCheck, DocumentTransaction, DocumentWrite, TransactionOptions } from "../../../Runtimes/typescript/index.js";
import { check, data, expectEqual, expectError, int, show, str } from "./harness.js";

const member = ["rooms", "r1", "members", "u1"];
const message = (id: string): readonly string[] => ["rooms", "r1", "messages", id];
const create = (id: string): DocumentWrite => ({ kind: "set", path: message(id), data: data({ text: str("hi") }) });
const remove = (id: string): DocumentWrite => ({ kind: "delete", path: message(id) });

/** `sendMessage`'s check of `member`'s sentCount, below `cap`, changed by `step`. */
function below(cap: number, counter: readonly string[] = member, step = 1): CounterCheck {
  return counterCheck("sendMessage", `Member[$uid].sentCount < ${cap}`, counter, "sentCount", step, (value) => value < cap);
}

/** A store holding `member` with `sentCount` (none: an empty document). */
function storeWithCount(sentCount?: number): InMemoryStore {
  const store = new InMemoryStore();
  store.setData(sentCount === undefined ? data({}) : data({ sentCount: int(sentCount) }), member);
  return store;
}

/** What `stream` signals until it ends: `next ID`, then `complete` or `error MESSAGE`; the error itself too. */
function outcome(stream: Observable<string>): Promise<{ readonly events: readonly string[]; readonly error: unknown }> {
  return new Promise((resolve) => {
    const events: string[] = [];
    stream.subscribe({
      next: (id) => events.push(`next ${id}`),
      error: (error: unknown) => resolve({ events: [...events, `error ${error instanceof Error ? error.message : show(error)}`], error }),
      complete: () => resolve({ events: [...events, "complete"], error: undefined }),
    });
  });
}

/** `member`'s sentCount as stored, as text (`none`: no document). */
async function sentCount(store: InMemoryStore): Promise<string> {
  const document = await store.getDocument(member);
  return document === null ? "none" : show(document.data.get("sentCount"));
}

/** The ids of the room's messages. */
async function messages(store: InMemoryStore): Promise<readonly string[]> {
  return (await store.getDocuments({ collection: ["rooms", "r1", "messages"] })).map((document) => document.id);
}

export async function counterCheckTests(): Promise<void> {
  await passingTests();
  await refusedTests();
  await countedWriteTests();
  await concurrentWriterTests();
  await manyWriterTests();
}

async function passingTests(): Promise<void> {
  const store = storeWithCount(1);
  const write = written(store, () => create("m1"), below(2));
  expectEqual(await messages(store), [], "a counted write is cold");
  expectEqual((await outcome(write)).events, ["next m1", "complete"], "a counted write under the cap emits the id, then completes");
  expectEqual([await messages(store), await sentCount(store)], [["m1"], show(int(2))], "a counted write writes and increments the counter");
  const empty = storeWithCount();
  expectEqual((await outcome(written(empty, () => create("m1"), below(1)))).events, ["next m1", "complete"], "an absent counter field counts 0");
  expectEqual(await sentCount(empty), show(int(1)), "an absent counter field is incremented from 0");
}

async function refusedTests(): Promise<void> {
  {
    const store = storeWithCount(2);
    const { events, error } = await outcome(written(store, () => create("m1"), below(2)));
    expectEqual(events, ["error 'sendMessage' needs Member[$uid].sentCount < 2, but it is 2"], "a counted write at the cap fails");
    check(error instanceof PreCheckError && error.value === 2, "a counted write at the cap fails with a PreCheckError of the value", show(error));
    expectEqual([await messages(store), await sentCount(store)], [[], show(int(2))], "a counted write at the cap writes nothing");
  }
  {
    const store = storeWithCount(0);
    const missing = ["rooms", "r1", "members", "u9"];
    const { error } = await outcome(written(store, () => create("m1"), below(2, missing)));
    expectError(error, StoreError, "no document at 'rooms/r1/members/u9'", "a counted write without its counter document fails with notFound");
    expectEqual(await messages(store), [], "a counted write without its counter document writes nothing");
  }
  {
    const store = new InMemoryStore();
    store.setData(data({ sentCount: str("1") }), member);
    const { events } = await outcome(written(store, () => create("m1"), below(2)));
    expectEqual(events, ["error 'sentCount' should be int but is string"], "a counter that is not an int fails to decode");
    expectEqual(await messages(store), [], "a counter that does not decode writes nothing");
  }
  {
    const store = storeWithCount(0);
    const refused = (): DocumentWrite => {
      throw new ConstraintError(["'text' must have at least 1 character"]);
    };
    expectEqual((await outcome(written(store, refused, below(2)))).events, ["error 'text' must have at least 1 character"], "a counted write make() refuses fails");
    expectEqual([await messages(store), await sentCount(store)], [[], show(int(0))], "a counted write make() refuses writes nothing");
  }
  {
    const store = new InMemoryStore({ pendingWrites: true });
    store.setData(data({ sentCount: int(0) }), member);
    const { error } = await outcome(written(store, () => create("m1"), below(2)));
    expectError(error, StoreError, StoreError.offline().message, "a counted write fails offline, as a transaction does");
    expectEqual(await messages(store), [], "a counted write offline writes nothing");
  }
}

async function countedWriteTests(): Promise<void> {
  {
    const store = storeWithCount(2);
    store.setData(data({ text: str("hi") }), message("m1"));
    expectEqual((await outcome(written(store, () => remove("m1"), below(5, member, -1)))).events, ["next m1", "complete"], "a counted delete");
    expectEqual([await messages(store), await sentCount(store)], [[], show(int(1))], "a counted delete deletes and decrements the counter");
    const { error } = await outcome(written(store, () => remove("m1"), below(5, member, -1)));
    expectError(error, StoreError, "no document at 'rooms/r1/messages/m1'", "a counted delete of a missing document fails with notFound");
    expectEqual(await sentCount(store), show(int(1)), "a counted delete of a missing document leaves the counter");
  }
  {
    const store = storeWithCount(0);
    store.setData(data({ text: str("old") }), message("m1"));
    const { error } = await outcome(written(store, () => create("m1"), below(5)));
    expectError(error, StoreError, "a document already exists at 'rooms/r1/messages/m1'", "a counted create over a document fails with alreadyExists");
    expectEqual(await sentCount(store), show(int(0)), "a counted create over a document leaves the counter");
    expectEqual((await store.getDocument(message("m1")))?.data.get("text"), str("old"), "a counted create over a document leaves it");
  }
}

/** An in-memory store that runs `meanwhile` once: after the first transaction attempt's body returns, before it commits. */
class InterleavingStore extends InMemoryStore {
  private meanwhile: (() => Promise<void>) | undefined;

  constructor(meanwhile: (store: InMemoryStore) => Promise<void>) {
    super();
    this.meanwhile = () => meanwhile(this);
  }

  override runTransaction<T>(body: (transaction: DocumentTransaction) => Promise<T>, options?: TransactionOptions): Promise<T> {
    return super.runTransaction(async (transaction) => {
      const result = await body(transaction);
      const other = this.meanwhile;
      this.meanwhile = undefined;
      if (other !== undefined) await other();
      return result;
    }, options);
  }
}

async function concurrentWriterTests(): Promise<void> {
  let other: readonly string[] = [];
  const store = new InterleavingStore(async (meanwhile) => {
    other = (await outcome(written(meanwhile, () => create("b"), below(2)))).events;
  });
  store.setData(data({ sentCount: int(1) }), member);
  const { events, error } = await outcome(written(store, () => create("a"), below(2)));
  expectEqual(other, ["next b", "complete"], "a writer between another's read and commit writes");
  expectEqual(events, ["error 'sendMessage' needs Member[$uid].sentCount < 2, but it is 2"], "the other writer retries, reads the cap and fails");
  check(error instanceof PreCheckError, "the writer that lost the race fails with a PreCheckError", show(error));
  expectEqual([await messages(store), await sentCount(store)], [["b"], show(int(2))], "two concurrent writers never exceed the cap");
}

async function manyWriterTests(): Promise<void> {
  const store = storeWithCount(0);
  const writers = Array.from({ length: 10 }, (_, index) => outcome(written(store, () => create(`m${index}`), below(3))));
  const outcomes = await Promise.all(writers);
  const succeeded = outcomes.filter(({ error }) => error === undefined);
  const failed = outcomes.filter(({ error }) => error instanceof PreCheckError || (error instanceof StoreError && error.problem.kind === "contention"));
  expectEqual([succeeded.length, failed.length], [3, 7], "of ten writers at once under a cap of 3, three write and the others fail");
  expectEqual([(await messages(store)).length, await sentCount(store)], [3, show(int(3))], "ten writers at once leave the counter at the cap");
}
