// Runs the store differential's scenarios (one a line, as Tests/modelgenTests/StoreScenarioText.swift
// writes them) through the TypeScript runtime's in-memory store, and prints each answer on a line:
// the documents' paths in order, `[c/a, p/p1/c/b]`, or `refused` for a StoreError.

import { DocumentValue, FieldUpdate, GeoPoint, InMemoryStore, QueryFilter, StoreError, Timestamp } from "../../../Runtimes/typescript/index.js";
import type { DocumentWrite, QueryBound, QueryOperator, StoreQuery } from "../../../Runtimes/typescript/index.js";

declare const process: { argv: string[]; stdout: { write(text: string): void } };
declare function require(module: "fs"): { readFileSync(path: string, encoding: "utf8"): string };

/** Reads one scenario line from its start. */
class ScenarioReader {
  private index = 0;

  constructor(private readonly text: string) {}

  private next(): string {
    return this.text.charAt(this.index++);
  }

  /** The characters up to `end`, which is skipped. */
  private number(end = ";"): string {
    const start = this.index;
    this.index = this.text.indexOf(end, start) + 1;
    return this.text.slice(start, this.index - 1);
  }

  private count(): number {
    return Number(this.number());
  }

  private bits(): number {
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, BigInt(`0x${this.text.slice(this.index, this.index + 16)}`));
    this.index += 16;
    return view.getFloat64(0);
  }

  string(): string {
    if (this.next() !== "s") throw new Error(`a string expected at ${this.index - 1}`);
    const length = Number(this.number(":"));
    this.index += length;
    return this.text.slice(this.index - length, this.index);
  }

  path(): string[] {
    return Array.from({ length: this.count() }, () => this.string());
  }

  value(): DocumentValue {
    const tag = this.next();
    switch (tag) {
      case "n": return DocumentValue.null;
      case "t": return DocumentValue.bool(true);
      case "f": return DocumentValue.bool(false);
      case "i": return DocumentValue.int(Number(this.number()));
      case "d": return DocumentValue.double(this.bits());
      case "s": this.index--; return DocumentValue.string(this.string());
      case "T": return DocumentValue.timestamp(new Timestamp(Number(this.number(",")), Number(this.number())));
      case "y": {
        const size = this.count();
        const bytes = Uint8Array.from({ length: size }, (_, at) => parseInt(this.text.slice(this.index + 2 * at, this.index + 2 * at + 2), 16));
        this.index += 2 * size;
        return DocumentValue.bytes(bytes);
      }
      case "r": return DocumentValue.reference(this.path());
      case "g": return DocumentValue.geoPoint(new GeoPoint(this.bits(), this.bits()));
      case "a": return DocumentValue.array(Array.from({ length: this.count() }, () => this.value()));
      case "m": {
        const fields = new Map<string, DocumentValue>();
        for (let left = this.count(); left > 0; left--) fields.set(this.string(), this.value());
        return DocumentValue.map(fields);
      }
      default: throw new Error(`unknown tag '${tag}' at ${this.index - 1}`);
    }
  }

  filter(): QueryFilter | undefined {
    switch (this.next()) {
      case "-": return undefined;
      case "c": {
        const field = this.path();
        const op = this.string() as QueryOperator;
        return QueryFilter.compare(field, op, this.value());
      }
      case "&": return QueryFilter.and(...Array.from({ length: this.count() }, () => this.filter() as QueryFilter));
      default: return QueryFilter.or(...Array.from({ length: this.count() }, () => this.filter() as QueryFilter));
    }
  }

  private optionalNumber(): number | undefined {
    if (this.text.charAt(this.index) === "-") {
      this.index++;
      return undefined;
    }
    return this.count();
  }

  private bound(): QueryBound | undefined {
    const kind = this.next();
    if (kind === "-") return undefined;
    return { values: Array.from({ length: this.count() }, () => this.value()), inclusive: kind === "[" };
  }

  query(): StoreQuery {
    const group = this.next() === "G";
    const collection = this.path();
    const filter = this.filter();
    const orderBy = Array.from({ length: this.count() }, () => ({ field: this.path(), descending: this.next() === "-" }));
    const limit = this.optionalNumber(), limitToLast = this.optionalNumber(), start = this.bound(), end = this.bound();
    return {
      collection, orderBy,
      ...(group ? { collectionGroup: true } : {}),
      ...(filter === undefined ? {} : { filter }),
      ...(limit === undefined ? {} : { limit }),
      ...(limitToLast === undefined ? {} : { limitToLast }),
      ...(start === undefined ? {} : { start }),
      ...(end === undefined ? {} : { end }),
    };
  }

  private fields(): [string[], FieldUpdate][] {
    return Array.from({ length: this.count() }, (): [string[], FieldUpdate] => {
      const field = this.path();
      switch (this.next()) {
        case "v": return [field, this.value()];
        case "x": return [field, FieldUpdate.delete];
        case "+": return [field, FieldUpdate.increment(this.value())];
        case "u": return [field, FieldUpdate.arrayUnion(Array.from({ length: this.count() }, () => this.value()))];
        default: return [field, FieldUpdate.arrayRemove(Array.from({ length: this.count() }, () => this.value()))];
      }
    });
  }

  writes(): DocumentWrite[] {
    return Array.from({ length: this.count() }, (): DocumentWrite => {
      const kind = this.next();
      const path = this.path();
      switch (kind) {
        case "S":
        case "C": {
          const data = this.value();
          if (data.kind !== "map") throw new Error("a set's data is a map");
          return { kind: "set", path, data: data.fields, mustNotExist: kind === "C" };
        }
        case "U": return { kind: "update", path, fields: this.fields() };
        case "M": return { kind: "merge", path, fields: this.fields() };
        default: return { kind: "delete", path, mustExist: kind === "X" };
      }
    });
  }

  paths(): string[][] {
    return Array.from({ length: this.count() }, () => this.path());
  }

  documents(): DocumentWrite[] {
    return Array.from({ length: this.count() }, (): DocumentWrite => {
      const path = this.path();
      const data = this.value();
      if (data.kind !== "map") throw new Error("a document's data is a map");
      return { kind: "set", path, data: data.fields };
    });
  }
}

/** A value as StoreScenarioText writes it, so that the differential compares them exactly. */
function encoded(value: DocumentValue): string {
  const string = (text: string): string => `s${text.length}:${text}`;
  switch (value.kind) {
    case "null": return "n";
    case "bool": return value.value ? "t" : "f";
    case "int": return `i${value.value};`;
    case "double": return `d${bits(value.value)}`;
    case "string": return string(value.value);
    case "timestamp": return `T${value.value.seconds},${value.value.nanoseconds};`;
    case "bytes": return `y${value.value.length};${Array.from(value.value, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
    case "reference": return `r${value.path.length};${value.path.map(string).join("")}`;
    case "geopoint": return `g${bits(value.value.latitude)}${bits(value.value.longitude)}`;
    case "array": return `a${value.values.length};${value.values.map(encoded).join("")}`;
    case "map": return `m${value.fields.size};${[...value.fields.keys()].sort().map((key) => string(key) + encoded(value.fields.get(key) as DocumentValue)).join("")}`;
    case "serverTimestamp": return "S";
  }
}

/** A number's bits; NaN's canonical ones, as JavaScript has one NaN (only a typed array sees its sign). */
function bits(number: number): string {
  if (Number.isNaN(number)) return "7ff8000000000000";
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, number);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
}

/** What a store's refusal prints: `refused`, or the error when it is not a store's. */
function refusal(error: unknown): string {
  return error instanceof StoreError ? "refused" : `error: ${String(error)}`;
}

/**
 * The answers of one scenario: its query's, a tab, and what its writes left; `error: …` for one
 * holding an int TypeScript cannot hold, which the differential does not ask.
 */
async function answer(line: string): Promise<string> {
  let reader: ScenarioReader, store: InMemoryStore, query: StoreQuery, writes: DocumentWrite[], paths: string[][];
  try {
    reader = new ScenarioReader(line);
    const documents = reader.documents();
    query = reader.query();
    writes = reader.writes();
    paths = reader.paths();
    store = new InMemoryStore();
    store.commit(documents);
  } catch (error) {
    return `error: ${String(error)}`;
  }
  let found: string;
  try {
    found = `[${(await store.getDocuments(query)).map((document) => [...(document.parent ?? []), document.id].join("/")).join(", ")}]`;
  } catch (error) {
    found = refusal(error);
  }
  try {
    store.commit(writes);
  } catch (error) {
    return `${found}\t${refusal(error)}`;
  }
  const written: string[] = [];
  for (const path of paths) {
    const document = await store.getDocument(path);
    written.push(`${path.join("/")}=${document === null ? "none" : encoded(DocumentValue.map(document.data))}`);
  }
  return `${found}\t${written.join(" ")}`;
}

async function main(): Promise<void> {
  const lines = require("fs").readFileSync(process.argv[2] ?? "", "utf8").split("\n").filter((line) => line.length > 0);
  const answers: string[] = [];
  for (const line of lines) answers.push(await answer(line));
  process.stdout.write(answers.map((line) => `${line}\n`).join(""));
}

void main();
