/// Large schemas made up for the generator benchmarks: `n` collections of the same shape, in
/// modelgen's schema language and as an OpenAPI document, so both generators get equal work.
public enum SyntheticSchema {
    /// A modelgen schema with `collections` collections and, when `streams` is set, three
    /// derived streams for each (a filter, a count and a join with the next collection).
    public static func modelgen(collections: Int, streams: Bool = true) -> String {
        var lines = ["model: Synthetic", "doc: \(collections) collections of the same shape.", "collections:"]
        for index in 0..<collections {
            lines += [
                "  Item\(index):",
                "    path: groups/{groupId}/items\(index)",
                "    doc: Item \(index) of a group.",
                "    fields:",
                "      title: string",
                "      ownerId: { type: string, key: owner_id, doc: The item that owns this one. }",
                "      score: int",
                "      rating: double?",
                "      tags: { type: \"[string]\", default: [] }",
                "    orderBy: score desc",
            ]
        }
        guard streams else { return lines.joined(separator: "\n") + "\n" }
        lines.append("streams:")
        for index in 0..<collections {
            let next = (index + 1) % collections
            lines += [
                "  items\(index): { from: Item\(index), doc: The group's items \(index). }",
                "  top\(index): { filter: items\(index), where: score >= $minimum and title != \"\" }",
                "  rated\(index): { count: items\(index), where: rating > 0.5 }",
                "  owned\(index): { join: items\(index), with: items\(next), on: ownerId == id, as: owner }",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An OpenAPI 3.1 document with `schemas` object schemas shaped like the collections of
    /// ``modelgen(collections:streams:)``.
    public static func openAPI(schemas: Int) -> String {
        var lines = [
            "openapi: 3.1.0",
            "info: { title: Synthetic, version: 1.0.0 }",
            "paths: {}",
            "components:",
            "  schemas:",
        ]
        for index in 0..<schemas {
            lines += [
                "    Item\(index):",
                "      type: object",
                "      description: Item \(index) of a group.",
                "      properties:",
                "        id: { type: string }",
                "        title: { type: string }",
                "        owner_id: { type: string, description: The item that owns this one. }",
                "        score: { type: integer, format: int64 }",
                "        rating: { type: number, format: double }",
                "        tags: { type: array, items: { type: string } }",
                "      required: [id, title, owner_id, score, tags]",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
