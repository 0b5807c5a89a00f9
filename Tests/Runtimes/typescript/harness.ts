// The checks' harness of the TypeScript runtime's tests (runtime-tests.ts and the files it runs):
// each check counts as passed or failed, and a failed one prints a line.

import { DocumentValue, Timestamp } from "../../../Runtimes/typescript/index.js";
import type { DocumentData } from "../../../Runtimes/typescript/index.js";

declare const console: { log(...data: unknown[]): void };

let passed = 0;
let failed = 0;

/** The counts of the checks so far. */
export function results(): { readonly passed: number; readonly failed: number } {
  return { passed, failed };
}

export function check(condition: boolean, name: string, detail = ""): void {
  if (condition) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`FAILED: ${name}${detail === "" ? "" : ` (${detail})`}`);
  }
}

/** A readable form of test values: Maps, Timestamps, NaN and -0 included. */
export function show(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (value instanceof Timestamp) return `Timestamp(${value.toString()})`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (Array.isArray(value)) return `[${value.map(show).join(", ")}]`;
  if (value instanceof Map) return `Map{${[...value].map(([k, v]) => `${show(k)}: ${show(v)}`).join(", ")}}`;
  if (typeof value === "object" && value !== null) {
    return `{${Object.entries(value).map(([k, v]) => `${k}: ${show(v)}`).join(", ")}}`;
  }
  return String(value);
}

export function expectEqual(actual: unknown, expected: unknown, name: string): void {
  const a = show(actual), e = show(expected);
  check(a === e, name, `got ${a}, expected ${e}`);
}

export function thrown(body: () => unknown): unknown {
  try {
    body();
  } catch (error) {
    return error;
  }
  return undefined;
}

export async function rejection(body: () => Promise<unknown>): Promise<unknown> {
  try {
    await body();
  } catch (error) {
    return error;
  }
  return undefined;
}

export function expectError(error: unknown, type: new (...args: never[]) => Error, message: string, name: string): void {
  check(error instanceof type && error.message === message, name, `got ${show(error)}, expected "${message}"`);
}

export function data(fields: { readonly [key: string]: DocumentValue }): DocumentData {
  return new Map(Object.entries(fields));
}

export const int = DocumentValue.int, double = DocumentValue.double, str = DocumentValue.string, bool = DocumentValue.bool;
