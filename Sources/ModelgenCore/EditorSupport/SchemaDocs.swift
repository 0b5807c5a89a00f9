/// The hover documentation of the JSON Schema: sentences of Documentation/Schema.md, word for
/// word (a test checks that each is there), so the editor and the reference never disagree.
enum SchemaDocs {
    static let settings = [
        "kotlin": "`{ package: com.example.chat }`: the generated Kotlin package (default: the schema file's name in lower case). `--option kotlin.package=…` overrides it. `firestoreAdapter: false` leaves the Firestore adapter (`modelgen/runtime/firestore/`, which needs Firebase's Android SDK) out of the runtime copied beside the model; `--option kotlin.firestoreAdapter=false` overrides it.",
        "typescript": "`{ runtimeModule: \"@acme/modelgen-runtime\" }`: the module the generated TypeScript imports the runtime from (default: `./runtime/index.js`, the copy modelgen writes beside it; with another module, modelgen writes no copy). `--option typescript.runtimeModule=…` overrides it. `firestoreAdapter: false` leaves the Firestore adapter (`runtime/firestore/`, which needs Firebase's web SDK) out of the copy; `--option typescript.firestoreAdapter=false` overrides it.",
    ]

    static let rename = "`{ swift: TodoTask }`: the type's name in some languages instead, where its own would hide a type of that language's standard library (a collection `Task` hides Swift's `Task` in every file that imports the model; modelgen warns about such names)."

    static let orderBy = "the default query order: fields, each optionally `asc` (default) or `desc`, separated by commas or given as a YAML list. Ties are broken by document id (by whole document path in a collection group, where ids repeat)."

    static let access = "who may read, create, update and delete the documents, which `modelgen rules` writes into Firestore's security rules: each of `read`, `create`, `update` and `delete` (or `write` for the last three) is `public` (anyone), `signedIn` (any signed-in user), `never` (no client: only the Admin SDKs), `owner(name)` (the signed-in user whose uid the string field, path parameter or `id` called `name` holds; a field on the stored document and on the written one), `member(Collection)` (a signed-in user who has a document, its id their uid, in that collection under this document or above it: `member(Member)` for a room's messages with members at `chatrooms/{roomId}/members`; each such check is a document read Firestore bills) or `{ rule: \"…\" }`, a Firestore rules expression. Without `access`, any signed-in user may read and write the documents, and `modelgen rules` warns."

    static let serverTimestamp = "`create`, `update` or `[create, update]`, on a `timestamp?` field: the server sets the field to its time when a document is created (or updated), so every document has it; it reads as nil / null until the write is synced."

    static let constraints = "constraints the model's typed writes check before anything is written (reading is unaffected): `min` and `max` for numbers, `minLength` and `maxLength` for strings (in UTF-16 code units, as Firestore's security rules count a string's size: `é` is one, `😀` two), `minItems` and `maxItems` for lists, each inclusive, and `values`, the strings a string field may hold."

    static let predicate = "Comparisons: `== != < <= > >=`, `in` and `not in` (a list literal or a list parameter), `contains` and `contains any` (for list fields; `contains any` takes a list of elements). Combine with `and`, `or`, `not` (in that order of precedence, loosest last) and parentheses."

    static let stringEnum = "A string enum: a list of its values, or `{ values, doc, rename }`. A field of its type holds one of them, stored as that string."

    static let distinctBy = "`by` names a field of the rows (dotted through embedded types and join rows: `owner.name`; through a reference to its parts: `assignee.id`): a string, number, bool, timestamp, string enum or reference."

    static let sortOrderBy = "`orderBy` names fields of the rows (dotted through embedded types, join rows and references: `owner.name`, `assignee.id`), each optionally `asc` or `desc`, compared in Firestore's value order; a missing or null value sorts first."

    static let aggregateOf = "`of` names a field of the rows (dotted through embedded types and join rows: `owner.score`): an `int` or `double` for a sum or an average, also a `timestamp`, `string` or string enum for a minimum or maximum; rows where it is missing or null are skipped."

    static let group = "`group: true` reads every collection with the collection's id, under any parent (Firestore's collection group): each row is the document with its path's parameters, like `{ shopId, review }`."
    static let cursor = "`startAt` and `startAfter` say where its rows begin, `endAt` and `endBefore` where they end (`At` keeps a row exactly at the bound, `After` and `Before` do not)."

    static let kinds = [
        "document": "The document of collection `C` with the id given as the `id` parameter.",
        "from": "A store query: `where`, `orderBy` (default: the collection's) and `limit` or `limitToLast` (the last rows of the order) run in the store, as Firestore does.",
        "filter": "The rows of list stream `s` that match `where`, decoded, on the client.",
        "count": "How many rows of `s` there are, or how many match `where`.",
        "join": "Each row of `s` with the first row of `with` whose `on` key matches (a hash join).",
        "distinct": "The first row of `s` for each value of the field `by`, in the order of `s`.",
        "sort": "The rows of `s` ordered by `orderBy` on the client (ties keep the order of `s`), the first `limit` of them.",
        "sum": "The sum of the field `of` over the rows of `s`, or over those that match `where`: 0 over none.",
        "average": "The average of the field `of` over the rows of `s`, or over those that match `where`: nil / null over none.",
        "min": "The least value of the field `of` over the rows of `s`, or over those that match `where`, in Firestore's value order: nil / null over none.",
        "max": "The greatest value of the field `of` over the rows of `s`, or over those that match `where`, in Firestore's value order: nil / null over none.",
        "combine": "The latest value of each stream listed (2 to 9 of them), as one record with a member per stream, named after it.",
    ]

    static let groupBy = "`by` groups a count or an aggregate: it names a string or string enum field of the rows (dotted as `of` is), and the stream emits one group per value of it, in order, each with the count or aggregate of the rows that have it."

    static let debounce = "`debounce: 300ms` (or `2s`, `1.5s`; above zero): the stream emits its last value only once its input has been quiet that long, on the model's scheduler."

    static let combineType = "`type: Name` names the record type (by default the stream's name: `RoomScreen` for `roomScreen`)."

    /// The keys beside `join:`, with their types.
    static let join: [String: (type: JSON, doc: String)] = [
        "with": (["type": "string"], "Each row of `s` with the first row of `with` whose `on` key matches (a hash join)."),
        "on": (["type": "string"], "The left side of `on` names a field of the left rows, the right side a field of the right rows, both of one type: a string, number, bool, timestamp, string enum or reference; or a reference and `id`, the rows of the collection it refers to (`on: assignee == id`)."),
        "as": (["type": "string"], "emits rows of a generated type `MessageWithOwner` with the properties `message` and `owner`."),
        "inner": (["type": "boolean"], "`inner: true` leaves such rows out and makes `owner` required."),
        "type": (["type": "string"], "`type: Name` names the row type when two joins would otherwise share a name."),
    ]

}
