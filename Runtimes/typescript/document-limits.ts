// Firestore's limits on a stored document ("Usage and limits", "Constraints on collections,
// documents, and fields"), checked on each document a commit would leave, before anything is
// stored, as Firestore's server refuses the whole commit: its storage size (computed as "Storage
// size calculations" says) at most 1 MiB, a string's or bytes' value at most 1,048,487 bytes, maps
// and arrays at most 20 levels deep, a field's path at most 1,500 bytes. Firestore's emulator holds
// each at exactly these numbers (vector `document-limits.yaml`); as
// Sources/ModelgenRuntime/Store/DocumentLimits.swift has them.

import type { FieldUpdate } from "./field-update.js";
import { sortedEntries } from "./order.js";
import { StoreError } from "./store.js";
import type { DocumentSnapshot, DocumentWrite, FieldPath } from "./store.js";
import type { DocumentData, DocumentValue } from "./value.js";

const MAXIMUM_DOCUMENT_SIZE = 1_048_576;
const MAXIMUM_VALUE_SIZE = 1_048_487;
const MAXIMUM_DEPTH = 20;
const MAXIMUM_FIELD_PATH_SIZE = 1_500;
/**
 * "Maximum API request size: 10 MiB", which bounds a commit (a batch or a transaction's writes)
 * since Firestore took any number of writes in one (release notes, 2023-03-29).
 */
const MAXIMUM_REQUEST_SIZE = 10_485_760;

/**
 * Throws the `StoreError` for the first limit `document` breaks: its fields in code-point order,
 * each path, value and depth; then its size.
 */
export function checkDocument(document: DocumentSnapshot): void {
  for (const [key, value] of sortedEntries(document.data)) {
    checkValue(value, [key]);
    if (depth(value) > MAXIMUM_DEPTH) throw StoreError.tooDeep([key]);
  }
  const path = [...(document.parent ?? []), document.id];
  if (nameSize(path) + fieldsSize(document.data) + 32 > MAXIMUM_DOCUMENT_SIZE) throw StoreError.documentTooLarge(path);
}

/**
 * Throws `StoreError.requestTooLarge` when `writes` come to more than Firestore takes in one request:
 * each write's document name and what it sends, a set's fields or an update's field paths and
 * values, sized as "Storage size calculations" sizes documents — for the strings and bytes that make
 * a request large, their length, as on the wire.
 */
export function checkRequest(writes: readonly DocumentWrite[]): void {
  if (writes.reduce((total, write) => total + requestSize(write), 0) > MAXIMUM_REQUEST_SIZE) throw StoreError.requestTooLarge();
}

function requestSize(write: DocumentWrite): number {
  switch (write.kind) {
    case "set":
      return nameSize(write.path) + fieldsSize(write.data);
    case "update":
    case "merge":
      return write.fields.reduce((total, [field, update]) => total + pathSize(field) + updateSize(update), nameSize(write.path));
    case "delete":
      return nameSize(write.path);
  }
}

function updateSize(update: FieldUpdate): number {
  switch (update.kind) {
    case "increment":
      return size(update.by);
    case "delete":
      return 0;
    case "arrayUnion":
    case "arrayRemove":
      return update.values.reduce((total, value) => total + size(value), 0);
    default:
      return size(update);
  }
}

/** A field path's size: its names' UTF-8 bytes and a dot between each. */
function pathSize(field: FieldPath): number {
  return field.reduce((total, key) => total + utf8Length(key), field.length - 1);
}

/** Whether a field path is short enough: its names' UTF-8 bytes and a dot between each. */
export function isShortEnough(field: FieldPath): boolean {
  return pathSize(field) <= MAXIMUM_FIELD_PATH_SIZE;
}

/** A string's length in UTF-8 bytes, by code point. */
export function utf8Length(string: string): number {
  let bytes = 0;
  for (const character of string) {
    const code = character.codePointAt(0) as number;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function checkValue(value: DocumentValue, field: FieldPath): void {
  if (!isShortEnough(field)) throw StoreError.fieldPathTooLong(field);
  switch (value.kind) {
    case "string":
      if (utf8Length(value.value) > MAXIMUM_VALUE_SIZE) throw StoreError.valueTooLarge(field);
      break;
    case "bytes":
      if (value.value.length > MAXIMUM_VALUE_SIZE) throw StoreError.valueTooLarge(field);
      break;
    case "array":
      for (const element of value.values) checkValue(element, field);
      break;
    case "map":
      for (const [key, inner] of sortedEntries(value.fields)) checkValue(inner, [...field, key]);
      break;
    default:
      break;
  }
}

/**
 * How many maps and arrays hold the deepest value: a map is a level even when empty, an array only
 * through its elements (the emulator stores an empty array at depth 21, and refuses an empty map there).
 */
function depth(value: DocumentValue): number {
  if (value.kind === "array") return value.values.reduce((most, element) => Math.max(most, 1 + depth(element)), 0);
  if (value.kind === "map") return 1 + [...value.fields.values()].reduce((most, inner) => Math.max(most, depth(inner)), 0);
  return 0;
}

/** A document name's size: each id's UTF-8 bytes and one, and 16 bytes. */
function nameSize(path: readonly string[]): number {
  return path.reduce((total, id) => total + utf8Length(id) + 1, 16);
}

function fieldsSize(fields: DocumentData): number {
  let total = 0;
  for (const [key, value] of fields) total += utf8Length(key) + 1 + size(value);
  return total;
}

function size(value: DocumentValue): number {
  switch (value.kind) {
    case "null":
    case "bool":
      return 1;
    case "int":
    case "double":
    case "timestamp":
    case "serverTimestamp":
      return 8;
    case "geopoint":
      return 16;
    case "string":
      return utf8Length(value.value) + 1;
    case "bytes":
      return value.value.length;
    case "reference":
      return nameSize(value.path);
    case "array":
      return value.values.reduce((total, element) => total + size(element), 0);
    case "map":
      return fieldsSize(value.fields);
  }
}
