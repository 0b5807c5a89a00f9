// Drives the generated chat model (Tests/Goldens/chat/typescript) through its in-memory store
// and checks what the streams emit: the same checks as Tests/GoldenSwiftTests/ChatModelTests.swift.
import { lastValueFrom, Observable, queueScheduler, Subscription, toArray } from "rxjs";
import { Attachment, ChatModel, Message } from "./chat.js";
import { ShopsModel } from "./shops.js";
import {
  ConstraintError, describeValue, documentIdOf, DocumentValue, FieldChange, FieldUpdate, InMemoryStore, KeyChange, Match, PreCheckError, StoreError, Timestamp,
} from "./runtime/index.js";
import type { DecodeFailure, DocumentData } from "./runtime/index.js";

declare const process: { exitCode?: number };
declare const console: { log(...data: readonly unknown[]): void };
declare function setTimeout(callback: () => void, milliseconds: number): unknown;

let failures = 0;

function check(condition: boolean, what: string): void {
  if (!condition) {
    failures += 1;
    console.log(`FAILED: ${what}`);
  }
}

/** Records what a stream emits. */
class Recorder<T> {
  readonly values: T[] = [];
  error: unknown = null;
  private readonly subscription: Subscription;

  constructor(stream: Observable<T>) {
    this.subscription = stream.subscribe({ next: (value) => this.values.push(value), error: (error) => (this.error = error) });
  }

  get last(): T {
    return this.values[this.values.length - 1];
  }

  cancel(): void {
    this.subscription.unsubscribe();
  }
}

const messages = ["chatrooms", "r1", "messages"];
const members = ["chatrooms", "r1", "members"];
const time = (seconds: number): DocumentValue => DocumentValue.timestamp(new Timestamp(seconds));

function data(fields: { readonly [key: string]: DocumentValue }): DocumentData {
  return new Map(Object.entries(fields));
}

function post(store: InMemoryStore, id: string, owner: string, text = "hi", seconds = 0): void {
  store.setData(data({ text: DocumentValue.string(text), ownerUid: DocumentValue.string(owner), createdAt: time(seconds) }), [...messages, id]);
}

async function speakCountFollowsAddsDeletesAndEdits(): Promise<void> {
  const store = new InMemoryStore();
  const model = new ChatModel(store, queueScheduler);
  const count = new Recorder(model.speakCount("r1", "u1"));
  post(store, "m1", "u1");
  post(store, "m2", "u2");
  post(store, "m2", "u1", "edited to be mine");
  post(store, "m1", "u1", "text changes, count does not");
  store.commit([model.deleteMessage("r1", "m1")]);
  await model.commit([model.updateMessage("r1", "m2", { ownerUid: FieldChange.set("u3") })]);  // a list commits as well
  check(Match.same(count.values, [0, 1, 2, 1, 0]), `speak count emits 0, 1, 2, 1, 0: ${count.values}`);
}

/** Typed writes, as ChatModelTests.swift checks them. */
async function typedWritesCreateChangeAndDeleteMessages(): Promise<void> {
  const fresh = new ChatModel(new InMemoryStore()).createMessage("r1", { text: "hi", ownerUid: "u1" });
  check(/^[A-Za-z0-9]{20}$/.test(documentIdOf(fresh)), `a new id: ${documentIdOf(fresh)}`);
  check(fresh.kind === "set" && Match.same(fresh.path, [...messages, documentIdOf(fresh)])
    && describeValue(DocumentValue.map(fresh.data)) === '{attachments: [], createdAt: serverTimestamp, like_count: 0, ownerUid: "u1", text: "hi"}',
    "a create writes the defaults and asks for the server's time");
  const store = new InMemoryStore({ pendingWrites: true });
  const model = new ChatModel(store, queueScheduler);
  const list = new Recorder(model.messages("r1"));
  store.commit([model.createMessage("r1", { text: "hi", ownerUid: "u1" }, "m1")]);
  store.commit([model.updateMessage("r1", "m1", { attachments: FieldChange.arrayUnion(Attachment.make({ url: "a.png" })), likeCount: FieldChange.increment(2) })]);
  store.commit([model.updateMessage("r1", "m1", { text: FieldChange.set("edited"), likeCount: FieldChange.increment(1) })]);
  store.flushPendingWrites(new Timestamp(9));
  store.commit([model.deleteMessage("r1", "m1")]);
  const a = [Attachment.make({ url: "a.png" })];
  check(Match.same(list.values, [
    [],
    [Message.make({ id: "m1", text: "hi", ownerUid: "u1" })],
    [Message.make({ id: "m1", text: "hi", ownerUid: "u1", attachments: a, likeCount: 2 })],
    [Message.make({ id: "m1", text: "edited", ownerUid: "u1", attachments: a, likeCount: 3 })],
    [Message.make({ id: "m1", text: "edited", ownerUid: "u1", createdAt: new Timestamp(9), attachments: a, likeCount: 3 })],
    [],
  ]), "typed writes");
  const error = await model.commit(model.updateMessage("r1", "m1", { text: FieldChange.set("gone") })).then(() => null, (reason: unknown) => reason);
  check(error instanceof StoreError && error.message === "no document at 'chatrooms/r1/messages/m1'", `an update of a missing message fails: ${String(error)}`);
  const missing = await model.commit(model.deleteMessage("r1", "m1", { mustExist: true })).then(() => null, (reason: unknown) => reason);
  check(missing instanceof StoreError && missing.message === "no document at 'chatrooms/r1/messages/m1'", `a must-exist delete of a missing message fails: ${String(missing)}`);
  store.commit([model.createMember("r1", { name: "Ann" }, "u1", { mustNotExist: true })]);
  const taken = await model.commit(model.createMember("r1", { name: "Bob" }, "u1", { mustNotExist: true })).then(() => null, (reason: unknown) => reason);
  check(taken instanceof StoreError && taken.message === "a document already exists at 'chatrooms/r1/members/u1'", `a create-only write of a taken id fails: ${String(taken)}`);
}

/** sendMessage reads the member's sentCount, writes and counts in one transaction; at 10 nothing is written; offline it fails. */
async function sendMessageCountsInOneTransaction(): Promise<void> {
  const store = new InMemoryStore();
  const model = new ChatModel(store, queueScheduler);
  store.commit([model.createMember("r1", { name: "Ann", sentCount: 9 }, "u1"), model.createMember("r1", { name: "Bob" }, "u2")]);
  const sent = await lastValueFrom(model.sendMessage("r1", "hi", "u1", "m1").pipe(toArray()));
  check(Match.same(sent, ["m1"]) && store.listenerCount === 0, `the id once committed: ${sent.join(", ")}`);
  const ann = await store.getDocument([...members, "u1"]);
  check(Match.same(ann?.data.get("sentCount"), DocumentValue.int(10)), `the message is counted: ${String(ann?.data.get("sentCount"))}`);
  const failures: unknown[] = [];
  for (const [text, uid, id] of [["eleventh", "u1", "m11"], ["", "u2", "m12"]] as const) {
    await lastValueFrom(model.sendMessage("r1", text, uid, id)).catch((error: unknown) => failures.push(error));
  }
  check(failures[0] instanceof PreCheckError && failures[0].message === "'sendMessage' needs Member[$uid].sentCount < 10, but it is 10", `the check fails: ${String(failures[0])}`);
  check(failures[1] instanceof ConstraintError && failures[1].message === "'text' must have at least 1 character", `the constraint fails: ${String(failures[1])}`);
  check(await store.getDocument([...messages, "m11"]) === null && await store.getDocument([...messages, "m12"]) === null, "nothing written");
  const offline = new ChatModel(new InMemoryStore({ pendingWrites: true }), queueScheduler);
  const refused = await lastValueFrom(offline.sendMessage("r1", "hi", "u1")).then(() => null, (error: unknown) => error);
  check(refused instanceof StoreError, `offline, it fails: ${String(refused)}`);
}

/** A transaction reads typed and runs again after another client's change. */
async function aTransactionReadsTypedAndRunsAgainAfterAChange(): Promise<void> {
  const store = new InMemoryStore();
  const model = new ChatModel(store, queueScheduler);
  store.commit([model.createMessage("r1", { text: "hi", ownerUid: "u1", likeCount: 2 }, "m1")]);
  const seen: number[] = [];
  const doubled = await model.runTransaction(async (transaction) => {
    const likes = (await transaction.getMessage("r1", "m1"))?.likeCount ?? 0;
    seen.push(likes);
    if (seen.length === 1) store.updateData([[["like_count"], FieldUpdate.increment(DocumentValue.int(1))]], [...messages, "m1"]);
    transaction.write(model.updateMessage("r1", "m1", { likeCount: FieldChange.set(likes * 2) }));
    return likes * 2;
  });
  check(Match.same(seen, [2, 3]) && doubled === 6, `read twice, the second after the change: ${seen.join(", ")}, ${doubled}`);
  const stored = await store.getDocument([...messages, "m1"]);
  check(stored !== null && Match.same(stored.data.get("like_count"), DocumentValue.int(6)), "the doubled likes are stored");
}

function joinFollowsAMemberRename(): void {
  const store = new InMemoryStore();
  const model = new ChatModel(store, queueScheduler);
  store.setData(data({ name: DocumentValue.string("Ann") }), [...members, "u1"]);
  post(store, "m1", "u1", "hi", 1);
  post(store, "m2", "ghost", "hi", 2);
  const rows = new Recorder(model.messagesWithOwners("r1"));
  check(Match.same(rows.last.map((row) => row.message.id), ["m2", "m1"]), "join rows in message order");
  check(Match.same(rows.last.map((row) => row.owner?.name ?? null), [null, "Ann"]), "unmatched rows have no owner");
  store.setData(data({ name: DocumentValue.string("Anne") }), [...members, "u1"]);
  check(rows.values.length === 2, `one emission per member change: ${rows.values.length}`);
  check(Match.same(rows.last.map((row) => row.owner?.name ?? null), [null, "Anne"]), "the join follows the rename");
  rows.cancel();
  check(store.listenerCount === 0, "cancelling removes both listeners");
}

function wrongTypedDocumentsAreDroppedAndReported(): void {
  const store = new InMemoryStore();
  const reported: DecodeFailure[] = [];
  const model = new ChatModel(store, queueScheduler, (failure) => reported.push(failure));
  const list = new Recorder(model.messages("r1"));
  post(store, "good", "u1");
  store.setData(data({ text: DocumentValue.int(5), ownerUid: DocumentValue.string("u1"), createdAt: time(1) }), [...messages, "bad"]);
  store.setData(data({ text: DocumentValue.string("no owner"), createdAt: time(1) }), [...messages, "worse"]);
  check(Match.same(list.last.map((message) => message.id), ["good"]), "only the good message is listed");
  check(
    Match.same(reported.map((failure) => failure.toString()), [
      "chatrooms/r1/messages/bad: 'text' should be string but is int",
      "chatrooms/r1/messages/worse: 'ownerUid' is missing",
    ]),
    `decode failures reported once each: ${reported.join("; ")}`,
  );
}

function normalizationDoesNotMakeKeysEqual(): void {
  const store = new InMemoryStore();
  const model = new ChatModel(store, queueScheduler);
  const composed = "\u00E9";
  const decomposed = "e\u0301";
  store.setData(data({ name: DocumentValue.string("composed") }), [...members, composed]);
  post(store, "m1", decomposed, "hi", 1);
  post(store, "m2", composed, "hi", 2);
  const rows = new Recorder(model.messagesWithOwners("r1"));
  const mine = new Recorder(model.myMessages("r1", composed));
  check(Match.same(rows.last.map((row) => row.owner?.name ?? null), ["composed", null]), "join keys compare by code point");
  check(Match.same(mine.last.map((message) => message.id), ["m2"]), "filters compare by code point");
}

function errorsEndDerivedStreams(): void {
  const store = new InMemoryStore();
  const model = new ChatModel(store, queueScheduler);
  const rows = new Recorder(model.messagesWithOwners("r1"));
  store.failListeners(members, StoreError.notFound(members));
  check(rows.error instanceof StoreError, `the join fails with the listener's error: ${rows.error}`);
  check(store.listenerCount === 0, "the failed join removes its other listener");
}

function pendingServerTimestampsSortNewestFirst(): void {
  const store = new InMemoryStore({ pendingWrites: true, clock: () => new Timestamp(500) });
  const model = new ChatModel(store, queueScheduler);
  const list = new Recorder(model.messages("r1"));
  store.setData(data({ text: DocumentValue.string("old"), ownerUid: DocumentValue.string("u"), createdAt: time(10) }), [...messages, "old"]);
  store.setData(data({ text: DocumentValue.string("new"), ownerUid: DocumentValue.string("u"), createdAt: DocumentValue.serverTimestamp }), [...messages, "new"]);
  check(Match.same(list.last.map((message) => message.id), ["new", "old"]), "a pending timestamp sorts newest");
  check(list.last[0].createdAt === null, "a pending timestamp reads as null");
  store.flushPendingWrites();
  check(Match.same(list.last[0].createdAt, new Timestamp(500)), "flushing sets the timestamp");
}

function typesRoundTripThroughTheStore(): void {
  const store = new InMemoryStore();
  const model = new ChatModel(store, queueScheduler);
  const message: Message = { id: "m1", text: "hello", ownerUid: "u1", createdAt: new Timestamp(3), attachments: [{ url: "a.png", width: 20, preview: new Uint8Array([1, 255]) }], likeCount: 4 };
  store.setData(Message.encode(message), [...messages, message.id]);
  const list = new Recorder(model.messages("r1"));
  check(Match.same(list.last, [message]), "a message written and read back is equal");
}

/** `make` applies the schema's defaults as the Swift and Kotlin initialisers do (ChatModelTests, ChatDriver.kt). */
function valuesAreMadeWithTheSchemasDefaults(): void {
  const message = Message.make({ id: "m1", text: "hi", ownerUid: "u1" });
  check(Match.same(message, { id: "m1", text: "hi", ownerUid: "u1", createdAt: null, attachments: [], likeCount: 0 }), "make applies the defaults");
  check(Match.same(Attachment.make({ url: "a.png" }), { url: "a.png", width: null, preview: null }), "an optional field defaults to null");
  check(Message.make({ ...message, likeCount: 3 }).likeCount === 3, "a field given is kept");
}

/** Lets the work queued on RxJS's asapScheduler run. */
async function tick(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Contract item 7: by default a stream emits on RxJS's asapScheduler: after the code that subscribed, never inside it. */
async function streamsRunInTheBackgroundByDefault(): Promise<void> {
  const counts: number[] = [];
  const subscription = new ChatModel(new InMemoryStore()).speakCount("r1", "u1").subscribe((count) => counts.push(count));
  check(counts.length === 0, "nothing is emitted while subscribing");
  await tick();
  check(counts.length === 1 && counts[0] === 0, `the count arrives once the subscriber's code has run, found [${counts.join(", ")}]`);
  subscription.unsubscribe();
}

/**
 * Contract item 7: cancelling drops the work already queued on the scheduler. Two rooms each get
 * a message that does not decode; only the room still subscribed when the scheduler runs decodes
 * its snapshot and reports the failure.
 */
async function cancellingDropsQueuedWork(): Promise<void> {
  const store = new InMemoryStore();
  const reported: string[] = [];
  const model = new ChatModel(store, undefined, (failure) => reported.push(failure.toString()));
  const kept = model.messages("r1").subscribe();
  const cancelled = model.messages("r2").subscribe();
  await tick();
  for (const room of ["r1", "r2"]) {
    store.setData(data({ text: DocumentValue.int(5), ownerUid: DocumentValue.string("u1"), createdAt: time(0) }), ["chatrooms", room, "messages", "bad"]);
  }
  cancelled.unsubscribe();
  await tick();
  const expected = ["chatrooms/r1/messages/bad: 'text' should be string but is int"];
  check(reported.length === 1 && reported[0] === expected[0], `only the kept subscription decoded: [${reported.join(", ")}]`);
  kept.unsubscribe();
}

/** The README's TypeScript example, compiled here; ReadmeExampleTests checks that the README shows it. */
export async function readmeExample(): Promise<void> {
  const store = new InMemoryStore();                // or new FirestoreStore(getFirestore(app))
  const chat = new ChatModel(store);                // decodes on RxJS's asapScheduler by default
  chat.messagesWithOwners("r1").subscribe((rows) => rows.forEach((row) => console.log(row.owner?.name, row.message.text)));
  // In Angular: readonly rows$ = inject(ChatModel).messagesWithOwners("r1"); with `@for (row of rows$ | async; track row.message.id)` in the template
  const count = await chat.fetchSpeakCount("r1", "u1");
  console.log(count, Message.make({ id: "m1", text: "hi", ownerUid: "u1" }));  // the defaults, as in Swift and Kotlin
  await chat.commit(chat.createMessage("r1", { text: "hi", ownerUid: "u1" }, "m1"), chat.updateMessage("r1", "m1", { likeCount: FieldChange.increment(1) }));
  await chat.commit(chat.createRoom({ name: "Lobby" }, "lobby", { mustNotExist: true }));
  const room = await chat.fetchRoom("lobby");
  if (room) await chat.commit(chat.updateRoom("lobby", { name: FieldChange.set("Hall") }, { unchangedSince: room }));
  const messages = await chat.fetchMessages("r1");
  await chat.commit(messages.map((message) => chat.deleteMessage("r1", message.id)));   // all or none
  const shops = new ShopsModel(store);
  await shops.commit(shops.updateShop("s1", { openingHours: FieldChange.keys({ sun: KeyChange.set("closed"), mon: KeyChange.delete }) }));
  await shops.commit(shops.updateShop("s1", { addressCity: FieldChange.set("Kyoto") }));
  chat.sendMessage("r1", "hi", "u1").subscribe({ next: (id) => console.log("sent", id), error: (error: unknown) => console.log("refused", error) });
  const found = await chat.runTransaction(async (transaction) => (await transaction.getRoom("lobby")) !== null, { maxAttempts: 2 });
  console.log(found);
}

/** Runs every check, then reports. */
async function main(): Promise<void> {
  await speakCountFollowsAddsDeletesAndEdits();
  await typedWritesCreateChangeAndDeleteMessages();
  await sendMessageCountsInOneTransaction();
  await aTransactionReadsTypedAndRunsAgainAfterAChange();
  joinFollowsAMemberRename();
  wrongTypedDocumentsAreDroppedAndReported();
  normalizationDoesNotMakeKeysEqual();
  errorsEndDerivedStreams();
  pendingServerTimestampsSortNewestFirst();
  typesRoundTripThroughTheStore();
  valuesAreMadeWithTheSchemasDefaults();
  await streamsRunInTheBackgroundByDefault();
  await cancellingDropsQueuedWork();
  if (failures > 0) {
    process.exitCode = 1;
  } else {
    console.log("chat driver: all checks passed");
  }
}

void main();
