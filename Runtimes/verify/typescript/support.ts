// The trace a vector runner prints, read by `modelgen verify`. Copied verbatim into each run.
import type { Observable, Subscription } from "rxjs";
import { compareStrings, describeValue, DocumentValue } from "./runtime/index.js";
import type { DecodeFailure, DocumentData } from "./runtime/index.js";

declare const console: { log(message: string): void };

/**
 * Prints what happens while a vector runs, one line each: `step N`, `emit LABEL VALUE`,
 * `error LABEL MESSAGE`, `decodeFailurePath PATH` and `decodeFailure MESSAGE`, `writeError MESSAGE`, `listeners N`.
 */
export class Trace {
  private readonly subscriptions = new Map<string, Subscription>();

  step(number: number): void {
    console.log(`step ${number}`);
  }

  listeners(count: number): void {
    console.log(`listeners ${count}`);
  }

  subscribe<T>(label: string, stream: Observable<T>, traced: (value: T) => DocumentValue): void {
    this.subscriptions.set(label, stream.subscribe({
      next: (value) => console.log(`emit ${label} ${canonical(traced(value))}`),
      error: (error: unknown) => console.log(`error ${label} ${error instanceof Error ? error.message : String(error)}`),
      complete: () => console.log(`done ${label}`),
    }));
  }

  /** Runs a one-shot read to its end: its value is the label's one emission, or its error. */
  async read<T>(label: string, read: Promise<T>, traced: (value: T) => DocumentValue): Promise<void> {
    try {
      console.log(`emit ${label} ${canonical(traced(await read))}`);
    } catch (error) {
      console.log(`error ${label} ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  cancel(label: string): void {
    this.subscriptions.get(label)?.unsubscribe();
    this.subscriptions.delete(label);
  }

  /** Runs a write; a refused one is traced, not thrown. */
  attempt(write: () => void): void {
    try {
      write();
    } catch (error) {
      console.log(`writeError ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  readonly decodeFailure = (failure: DecodeFailure): void => {
    console.log(`decodeFailurePath ${canonical(DocumentValue.array(failure.path.map((segment) => DocumentValue.string(segment))))}`);
    console.log(`decodeFailure ${failure.toString()}`);
  };
}

/** A row as traced: its stored fields and its id. */
export function row(data: DocumentData, id: string): DocumentValue {
  return DocumentValue.map(new Map([...data, ["id", DocumentValue.string(id)]]));
}

/** `0042`: the document ids of a `fill` step. */
export function paddedIndex(index: number, width: number): string {
  return String(index).padStart(width, "0");
}

/** 0, 1, …, count − 1. */
export function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

/** The canonical text of a value, as every runner prints it. */
export function canonical(value: DocumentValue): string {
  switch (value.kind) {
    case "string": return quoted(value.value);
    case "timestamp": return `timestamp(${value.value.toString()})`;
    case "array": return `[${value.values.map(canonical).join(", ")}]`;
    case "map": return `{${[...value.fields].sort((a, b) => compareStrings(a[0], b[0])).map(([key, field]) => `${quoted(key)}: ${canonical(field)}`).join(", ")}}`;
    default: return describeValue(value);
  }
}

function quoted(text: string): string {
  let result = "\"";
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    if (character === "\"") result += "\\\"";
    else if (character === "\\") result += "\\\\";
    else if (character === "\n") result += "\\n";
    else if (character === "\r") result += "\\r";
    else if (character === "\t") result += "\\t";
    else if (point < 0x20 || point === 0x7f) result += `\\u{${point.toString(16).toUpperCase()}}`;
    else result += character;
  }
  return result + "\"";
}
