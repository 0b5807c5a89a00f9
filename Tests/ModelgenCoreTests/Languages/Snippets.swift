import Testing
@testable import ModelgenCore

/// Snippet tests, as swift-openapi-generator has beside its reference tests: a small schema in,
/// one declaration or stream method out, compared in full with what a reader expects, per
/// language. The goldens show whole files; these pin each edge case on its own.
struct Snippet {
    let model: Model
    let language: any LanguageDefinition

    /// `schema` (a whole schema's YAML) in the language called `language`, as it names the types.
    init(_ schema: String, in language: String) throws {
        self.language = try #require(Language.named(language)).definition
        model = try Schemas.model(schema).named(for: self.language.schemaName)
    }

    /// The declaration of the embedded type or collection `name`.
    func type(_ name: String) throws -> String {
        let type = try #require(DeclaredType.all(in: model).first { $0.name == name })
        return language.typeDeclaration(type)
    }

    /// The declaration of the string enum `name`.
    func enumeration(_ name: String) throws -> String {
        language.enumDeclaration(try #require(model.enums.first { $0.name == name }))
    }

    /// The declaration of the join row type `name`.
    func join(_ name: String) throws -> String {
        language.joinDeclaration(try #require(model.joins.first { $0.name == name }))
    }

    /// The declaration of the row type of the collection group of `collection`.
    func groupRow(_ collection: String) throws -> String {
        language.groupRowDeclaration(try #require(model.groupRows.first { $0.collection == collection }))
    }

    /// The declaration of the record type of the combine stream `name`.
    func record(_ name: String) throws -> String {
        language.recordDeclaration(try #require(ModelIndex(model).records.first { $0.stream == name }))
    }

    /// The method of the stream `name`, as a member of the model.
    func stream(_ name: String) throws -> String {
        let stream = try #require(model.streams.first { $0.name == name })
        return StreamPrinter(spelling: language, model: ModelIndex(model)).method(stream).joined(separator: "\n")
    }

    /// The model's store queries, as its private member of them.
    func queries() -> String {
        language.queries(StreamPrinter(spelling: language, model: ModelIndex(model)).queries()).joined(separator: "\n")
    }

    /// The method of the declared write `name`, as a member of the model.
    func declaredWrite(_ name: String) throws -> String {
        let index = try #require(model.declaredWrites.firstIndex { $0.name == name })
        return DeclaredWritePrinter(language: language, model: model).methods()[index].joined(separator: "\n")
    }

    /// The declaration of the model's transaction type.
    func transaction() -> String {
        TransactionPrinter(language: language, model: model).declaration()
    }

    /// The one-shot read of the stream `name`, as a member of the model.
    func read(_ name: String) throws -> String {
        let stream = try #require(model.streams.first { $0.name == name })
        return StreamPrinter(spelling: language, model: ModelIndex(model)).readMethod(stream).joined(separator: "\n")
    }
}

/// The schemas the snippet tests of every language print.
enum SnippetSchemas {
    /// A collection without fields: its documents are only their ids.
    static let noFields = """
        model: Marks
        collections:
          Marker: { path: markers }
        """

    /// An embedded type whose fields are all optional.
    static let optionalFields = """
        model: Shapes
        types:
          Size: { width: int?, height: double? }
        """

    /// A type, fields, a parameter and a stream named with keywords of the three languages.
    static let keywords = """
        model: Words
        collections:
          Type:
            path: types
            fields:
              default: string
              in: int?
        streams:
          types: { from: Type }
          delete: { filter: types, where: default == $new }
        """

    /// A list of an embedded type.
    static let listOfEmbedded = """
        model: Blog
        types:
          Tag: { label: string }
        collections:
          Post: { path: posts, fields: { tags: "[Tag]" } }
        """

    /// A join whose left side is a join, the second an inner join on a field of the first's row.
    static let joinOfJoin = """
        model: Chat
        collections:
          Message: { path: messages, fields: { ownerUid: string, roomId: string } }
          Member: { path: members, fields: { name: string } }
          Room: { path: rooms, fields: { title: string } }
        streams:
          messages: { from: Message }
          members: { from: Member }
          rooms: { from: Room }
          withOwners: { join: messages, with: members, on: ownerUid == id, as: owner }
          withRooms: { join: withOwners, with: rooms, on: message.roomId == id, as: room, inner: true }
        """

    /// A field inside the embedded value of a left join's optional row.
    static let throughOptionalRow = """
        model: Chat
        types:
          Address: { city: string, zip: string? }
        collections:
          Message: { path: messages, fields: { ownerUid: string } }
          Member: { path: members, fields: { address: Address } }
        streams:
          messages: { from: Message }
          members: { from: Member }
          withOwners: { join: messages, with: members, on: ownerUid == id, as: owner }
          inTown: { filter: withOwners, where: owner.address.zip == "1" }
        """

    /// A store query whose filter is an `or` of comparisons with a parameter and a list.
    static let storeJunction = """
        model: Chat
        collections:
          Message: { path: messages, fields: { ownerUid: string, roomId: string } }
        streams:
          mine: { from: Message, where: 'ownerUid == $uid or roomId in ["r1", "r2"]' }
        """

    /// Cursors: a row (placed by the whole order: `orderBy`, the inequality's field, the id; one
    /// order key reached through an optional step) and values for the first order keys.
    static let cursors = """
        model: Pages
        types:
          Place: { fields: { city: string } }
        collections:
          Shop: { path: shops, fields: { name: string, rating: double, place: Place? } }
        streams:
          page: { from: Shop, where: "rating > $floor", orderBy: place.city, startAfter: $after, limit: 10 }
          between: { from: Shop, orderBy: "rating desc, name", startAt: [$top, "m"], endBefore: [1.5] }
        """

    /// String enums: values that are and are not their cases' names, one enum renamed in Swift;
    /// literals in a row predicate, a default and a parameter in a store query.
    static let enums = """
        model: Board
        types:
          Status:
            doc: Where a card is.
            values: [open, in-progress, done]
          Flag:
            values: [on]
            rename: { swift: CardFlag }
        collections:
          Card: { path: cards, fields: { status: { type: Status, default: open }, flag: Flag? } }
        streams:
          cards: { from: Card, where: status != $skipped }
          active: { filter: cards, where: 'status in ["open", "in-progress"] and flag == "on"' }
        """

    /// Distinct streams keyed through an optional embedded field and through a join's optional row.
    static let distinct = """
        model: Board
        types:
          Place: { city: string }
        collections:
          Card: { path: cards, fields: { place: Place?, owner: string } }
          Person: { path: people, fields: { name: string } }
        streams:
          cards: { from: Card }
          people: { from: Person }
          perCity: { distinct: cards, by: place.city }
          withOwner: { join: cards, with: people, on: owner == id, as: person }
          perName: { distinct: withOwner, by: person.name }
        """

    /// Aggregates: kept from a query through a filter (an optional embedded step), and over the
    /// rows of a distinct stream.
    static let aggregates = """
        model: Board
        types:
          Size: { points: int }
        collections:
          Card: { path: cards, fields: { size: Size?, cost: double, done: bool } }
        streams:
          cards: { from: Card }
          open: { filter: cards, where: done == false }
          openPoints: { sum: open, of: size.points, where: cost > 1 }
          averageCost: { average: cards, of: cost }
          perCost: { distinct: cards, by: cost }
          distinctCosts: { sum: perCost, of: cost }
          leastPoints: { min: cards, of: size.points }
        """

    /// Grouped aggregates, by an enum and by a reference's id, and a join on a reference.
    static let grouped = """
        model: Board
        types:
          Stage: [todo, done]
        collections:
          Card: { path: cards, fields: { stage: Stage, cost: double, assignee: reference<Person>? } }
          Person: { path: people, fields: { name: string } }
        streams:
          cards: { from: Card }
          people: { from: Person }
          perStage: { count: cards, by: stage }
          costPerAssignee: { sum: cards, of: cost, by: assignee.id, where: stage == "todo" }
          withPerson: { join: cards, with: people, on: assignee == id, as: person }
        """

    /// Sort streams: over a join by an optional step with a `$count` limit, and by a limit alone.
    static let sort = """
        model: Board
        collections:
          Card: { path: cards, fields: { title: string, owner: string?, rank: int } }
          Person: { path: people, fields: { name: string } }
        streams:
          cards: { from: Card }
          people: { from: Person }
          withOwner: { join: cards, with: people, on: owner == id, as: person }
          byOwner: { sort: withOwner, orderBy: "person.name, card.rank desc", limit: $count }
          firstThree: { sort: cards, limit: 3 }
          byTitle: { sort: cards, orderBy: title desc }
        """

    /// A combine of a document, rows and an optional average, one of them named like a parameter.
    static let combine = """
        model: Board
        collections:
          Board: { path: boards, fields: { title: string } }
          Card: { path: "boards/{board}/cards", fields: { cost: double } }
        streams:
          board: { document: Board }
          cards: { from: Card }
          averageCost: { average: cards, of: cost }
          summary: { combine: [board, cards, averageCost], type: BoardSummary }
        """

    /// Debounced streams: a query with a doc, and a filter of it.
    static let debounce = """
        model: Board
        collections:
          Card: { path: cards, fields: { cost: double, ownerId: string } }
          Owner: { path: owners, fields: { name: string } }
        streams:
          cards: { from: Card, debounce: 300ms, doc: Every card. }
          cheap: { filter: cards, where: cost < 1, debounce: 2s }
          owners: { from: Owner }
          withOwners: { join: cards, with: owners, on: ownerId == id, as: owner, debounce: 1s }
        """

    /// A type renamed in one language, which it would hide there.
    static let renamed = """
        model: Todo
        collections:
          Task:
            path: tasks
            rename: { swift: TodoTask }
            fields: { title: string }
        streams:
          tasks: { from: Task }
        writes:
          addTask: { create: Task, set: { title: $title } }
        """
}

extension SnippetSchemas {
    /// A collection group of a collection two parameters deep.
    static let collectionGroup = """
        model: Org
        collections:
          Member:
            path: orgs/{orgId}/teams/{teamId}/members
            fields: { name: string, active: bool }
        streams:
          activeMembers: { from: Member, group: true, where: active == true, orderBy: name }
        """
}
