import Testing
@testable import ModelgenCore

/// A collection group's row type and query in the three languages, side by side: the same shape
/// (a member per path parameter, in path order, then the document; the store query of the group)
/// in each language's idiom.
@Suite struct CollectionGroupSnippetTests {
    @Test func swift() throws {
        let snippet = try Snippet(SnippetSchemas.collectionGroup, in: "swift")
        #expect(try snippet.groupRow("Member") == """
            /// A ``Member`` and the parameters of its path, `orgs/{orgId}/teams/{teamId}/members/{id}`: a row of a collection-group stream.
            nonisolated public struct MemberGroupRow: Hashable, Sendable, ContractEquatable {
                /// The `orgId` of the document's path.
                public var orgId: String
                /// The `teamId` of the document's path.
                public var teamId: String
                public var member: Member

                public init(orgId: String, teamId: String, member: Member) {
                    self.orgId = orgId
                    self.teamId = teamId
                    self.member = member
                }
            }

            nonisolated extension MemberGroupRow: DocumentRow {
                public init(document: DocumentSnapshot) throws(DocumentDecodingError) {
                    let parameters = try document.pathParameters(in: "orgs/{orgId}/teams/{teamId}/members")
                    self.init(orgId: parameters[0], teamId: parameters[1], member: try Member(document: document))
                }

                public var documentData: DocumentData { member.documentData }
            }
            """)
        #expect(snippet.queries().contains("""
                static func activeMembers() -> StoreQuery {
                    StoreQuery(
                        collectionGroup: "members",
                        filter: .compare(["active"], .equal, true),
                        orderBy: [.ascending(["name"])]
                    )
                }
            """))
        #expect(try snippet.stream("activeMembers").contains("public func activeMembers() -> AnyPublisher<[MemberGroupRow], any Error> {"))
    }

    @Test func kotlin() throws {
        let snippet = try Snippet(SnippetSchemas.collectionGroup, in: "kotlin")
        #expect(try snippet.groupRow("Member") == """
            /** A [Member] and the parameters of its path, `orgs/{orgId}/teams/{teamId}/members/{id}`: a row of a collection-group stream. */
            data class MemberGroupRow(
                /** The `orgId` of the document's path. */
                val orgId: String,
                /** The `teamId` of the document's path. */
                val teamId: String,
                val member: Member
            ) {
                /** Decodes [MemberGroupRow]s from the documents of their collection group. */
                companion object : RowCodec<MemberGroupRow> {
                    override fun decode(document: DocumentSnapshot): MemberGroupRow {
                        val parameters = document.pathParameters("orgs/{orgId}/teams/{teamId}/members")
                        return MemberGroupRow(parameters[0], parameters[1], Member.decode(document.id, document.data))
                    }

                    override fun encode(value: MemberGroupRow): DocumentData = Member.encode(value.member)
                }
            }
            """)
        #expect(snippet.queries().contains("""
                fun activeMembers(): StoreQuery =
                    StoreQuery(
                        collection = listOf("members"),
                        isCollectionGroup = true,
                        filter = QueryFilter.Compare(FieldPath.of("active"), QueryOperator.EQUAL, DocumentValue.BoolValue(true)),
                        orderBy = listOf(QueryOrder.ascending(FieldPath.of("name")))
                    )
            """))
        #expect(try snippet.stream("activeMembers").contains("fun activeMembers(): Observable<List<MemberGroupRow>> ="))
    }

    @Test func typescript() throws {
        let snippet = try Snippet(SnippetSchemas.collectionGroup, in: "typescript")
        #expect(try snippet.groupRow("Member") == """
            /** A {@link Member} and the parameters of its path, `orgs/{orgId}/teams/{teamId}/members/{id}`: a row of a collection-group stream. */
            export interface MemberGroupRow {
              /** The `orgId` of the document's path. */
              readonly orgId: string;
              /** The `teamId` of the document's path. */
              readonly teamId: string;
              readonly member: Member;
            }

            /** Decodes {@link MemberGroupRow}s from the documents of their collection group. */
            export const MemberGroupRow: RowCodec<MemberGroupRow> = {
              decode(id: string, data: DocumentData, path: readonly string[]): MemberGroupRow {
                const parameters = pathParameters<"orgId" | "teamId">(path, "orgs/{orgId}/teams/{teamId}/members");
                return { orgId: parameters.orgId, teamId: parameters.teamId, member: Member.decode(id, data) };
              },
              encode(value: MemberGroupRow): DocumentData {
                return Member.encode(value.member);
              },
            };
            """)
        #expect(snippet.queries().contains("""
              activeMembers(): StoreQuery {
                return {
                  collection: ["members"],
                  collectionGroup: true,
                  filter: QueryFilter.compare(["active"], "==", DocumentValue.bool(true)),
                  orderBy: [QueryOrder.ascending(["name"])],
                };
              },
            """))
        #expect(try snippet.stream("activeMembers").contains("activeMembers(): Observable<readonly MemberGroupRow[]> {"))
    }
}
