import GoldenShops
import ModelgenRuntime
import StreamRecorder
import Testing

/// The generated shops model (Tests/Goldens/shops/swift): snake_case keys, embedded lists,
/// maps, defaults, `in`, parameters in store queries, counts with a predicate, inner joins.
@Suite struct ShopsModelTests {
    let store = InMemoryStore()
    let failures = FailureLog()
    var model: ShopsModel { ShopsModel(store: store, scheduler: .immediate, onDecodeFailure: failures.record) }
    let updated = DocumentValue.timestamp(Timestamp(seconds: 1))

    @Test func snakeCaseKeysEmbeddedListsMapsAndDefaults() throws {
        try store.setData([
            "name": "Trattoria", "shop_image_url": "s.png", "updated_at": updated,
            "food_images": [["id": "f1", "image_url": "f.png", "uploaded_user": "u1"], ["id": "f2", "uploaded_user": "u2"]],
            "opening_hours": ["mon": "9-17"],
        ], at: ["shops", "s1"])
        try store.setData(["name": "Bare", "updated_at": updated], at: ["shops", "s2"])
        try store.setData(["name": "Broken", "updated_at": updated, "food_images": [["id": "f3"]]], at: ["shops", "s3"])
        let shops = Recorder(model.shops())
        let expected = [
            Shop(id: "s2", name: "Bare", updatedAt: Timestamp(seconds: 1)),
            Shop(
                id: "s1", name: "Trattoria", shopImageUrl: "s.png", updatedAt: Timestamp(seconds: 1),
                foodImages: [FoodImage(id: "f1", imageUrl: "f.png", uploadedUser: "u1"), FoodImage(id: "f2", uploadedUser: "u2")],
                openingHours: ["mon": "9-17"]
            ),
        ]
        #expect(shops.last == expected)
        #expect(failures.all.map(\.description) == ["shops/s3: 'food_images.0.uploaded_user' is missing"])
        #expect(expected[1].documentData["food_images"] == [["id": "f1", "image_url": "f.png", "uploaded_user": "u1"], ["id": "f2", "image_url": nil, "uploaded_user": "u2"]])
    }

    @Test func storeQueriesWithParametersInListsOrderAndLimit() throws {
        for (id, rating) in [("a", 4.5), ("b", 3.0), ("c", 4.5), ("d", 5.0)] {
            try store.setData(["name": .string(id.uppercased()), "updated_at": updated, "rating": .double(rating)], at: ["shops", id])
        }
        let top = Recorder(model.topShops(minimumRating: 4.5, count: 20))
        #expect(top.last?.map(\.id) == ["d", "a", "c"])
        // rating desc, then name: D (5.0), then A and C (4.5) by name.
        #expect(Recorder(model.topShops(minimumRating: 4.5, count: 2)).last?.map(\.id) == ["d", "a"], "the limit is the caller's")
        #expect(Recorder(model.topShops(minimumRating: 0, count: 0)).last?.map(\.id) == [], "no shop for a limit of zero")
        // A stored rank outside the enum ("Gold") matches no value of the query.
        for (id, rank, points) in [("u1", "silver", 10), ("u2", "bronze", 99), ("u3", "gold", 50), ("u4", "Gold", 1)] {
            try store.setData(["name": .string(id), "user_rank": .string(rank), "available_point": .int(Int64(points)), "created_at": updated], at: ["users", id])
        }
        let ranked = Recorder(model.rankedUsers())
        #expect(ranked.last?.map(\.id) == ["u3", "u1"])
        #expect(ranked.last?.map(\.userRank) == [.gold, .silver])
        // "Gold" is no value of UserRank: u4 fails to decode, and the others come through.
        #expect(Recorder(model.users()).last?.map(\.id) == ["u1", "u2", "u3"])
        #expect(failures.all.map(\.description) == ["users/u4: 'user_rank' should be one of 'bronze', 'silver', 'gold' but is 'Gold'"])
    }

    @Test func countWithAPredicateAndAnInnerJoin() throws {
        let reviews = ["shops", "s1", "reviews"]
        try store.setData(["name": "Ann", "user_rank": "gold", "created_at": updated], at: ["users", "ann"])
        let fiveStars = Recorder(model.fiveStarCount(shopId: "s1"))
        let withAuthors = Recorder(model.reviewsWithAuthors(shopId: "s1"))
        try store.setData(["user_id": "ann", "stars": 5, "created_at": .timestamp(Timestamp(seconds: 2))], at: reviews + ["r1"])
        try store.setData(["user_id": "gone", "stars": 5, "created_at": .timestamp(Timestamp(seconds: 3))], at: reviews + ["r2"])
        try store.setData(["user_id": "ann", "stars": 3, "created_at": .timestamp(Timestamp(seconds: 1))], at: reviews + ["r3"])
        #expect(fiveStars.values == [0, 1, 2])
        #expect(withAuthors.last?.map { "\($0.review.id):\($0.author.name)" } == ["r1:Ann", "r3:Ann"])
        #expect(withAuthors.values.count == 3, "the review by a missing user changes nothing an inner join emits")
    }

    @Test func aCollectionGroupReadsEveryShopsReviewsWithTheirShopId() async throws {
        for (shop, id, user, day) in [("s2", "r1", "ann", 3), ("s1", "r1", "ann", 1), ("s1", "r2", "bob", 2), ("s3", "r9", "ann", 2)] {
            let created = DocumentValue.timestamp(Timestamp(seconds: Int64(day)))
            try await store.setData(["user_id": .string(user), "stars": 4, "created_at": created], at: ["shops", shop, "reviews", id])
        }
        // Newest first (the collection's order), ties by whole path: s2/r1 (day 3), s3/r9 (day 2), s1/r1 (day 1).
        let byAnn = Recorder(model.reviewsBy(userId: "ann"))
        #expect(byAnn.last?.map { "\($0.shopId)/\($0.review.id)" } == ["s2/r1", "s3/r9", "s1/r1"])
        let count = Recorder(model.reviewCountBy(userId: "ann"))
        try await store.deleteDocument(at: ["shops", "s3", "reviews", "r9"])
        #expect(byAnn.last?.map(\.shopId) == ["s2", "s1"])
        #expect(count.values == [3, 2])
        #expect(try await model.fetchReviewsBy(userId: "bob").map { "\($0.shopId)/\($0.review.id)" } == ["s1/r2"])
        #expect(failures.all.isEmpty)
    }
}
