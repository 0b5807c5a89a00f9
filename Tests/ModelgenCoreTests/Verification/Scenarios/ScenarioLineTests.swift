import Foundation
import Testing
@testable import ModelgenCore

/// The runners' input (Documentation/Conformance.md, "Vectors as data"): each expected line is
/// written from the format's table, not from what the encoder printed.
@Suite struct ScenarioLineTests {
    static let model: Model = {
        let schema = """
            model: Board
            collections:
              Note:
                path: boards/{boardId}/notes
                fields:
                  text: string
            streams:
              notes: { from: Note, orderBy: text }
            """
        let syntax = try! YAMLSchemaLoader().load(SchemaSource(path: "board.yaml", text: schema))
        return try! SchemaValidator().validate(syntax, baseName: "board")
    }()

    static func line(_ actions: [VectorStep.Action], pendingWrites: Bool = false) -> String {
        var vector = Vector(generated: "v", clock: .init(seconds: 1_700_000_000, nanoseconds: 5), actions: actions)
        vector.pendingWrites = pendingWrites
        return ScenarioLine.of(vector, model: model)
    }

    @Test func everyValueKeepsItsType() throws {
        let data: [(key: String, value: VectorValue)] = [
            ("i", .int(-9_007_199_254_740_993)), ("z", .double(-0.0)), ("n", .double(.nan)), ("e", .double(1e-05)), ("inf", .double(-.infinity)),
            ("t", .timestamp(.init(seconds: -1, nanoseconds: 999))), ("s", .string("a\"b\\c\n/é")), ("b", .bytes([0, 255])),
            ("r", .reference(["boards", "b1"])), ("g", .geopoint(latitude: 1.5, longitude: -2)), ("a", .array([.null, .bool(true)])),
            ("m", .map([(key: "z", value: .int(1)), (key: "a", value: .int(2))])), ("p", .serverTimestamp),
        ]
        let expected = #"{"clock":["1700000000",5],"pendingWrites":true,"steps":[{"data":[["i",{"int":"-9007199254740993"}],"#
            + #"["z",{"double":"-0.0"}],["n",{"double":"NaN"}],["e",{"double":"1e-05"}],["inf",{"double":"-Infinity"}],"#
            + #"["t",{"timestamp":["-1",999]}],["s","a\"b\\c\n/é"],["b",{"bytes":[0,255]}],["r",{"reference":["boards","b1"]}],"#
            + #"["g",{"geopoint":["1.5","-2.0"]}],["a",[null,true]],["m",{"map":[["z",{"int":"1"}],["a",{"int":"2"}]]}],"#
            + #"["p",{"serverTimestamp":true}]],"op":"set","path":["boards","b1"]}],"virtualTime":false}"#
        #expect(Self.line([.set(path: ["boards", "b1"], data: data)], pendingWrites: true) == expected)
    }

    @Test func updatesAndTypedWritesNameWhatTheyChange() throws {
        let update = Self.line([.update(path: ["n", "1"], fields: [
            (path: ["a", "b"], update: .increment(.int(2))), (path: ["c"], update: .delete), (path: ["d"], update: .arrayUnion([.string("x")])),
        ])])
        #expect(update == #"{"clock":["1700000000",5],"pendingWrites":false,"steps":[{"fields":[[["a","b"],{"increment":{"int":"2"}}],"#
            + #"[["c"],{"delete":true}],[["d"],{"arrayUnion":["x"]}]],"op":"update","path":["n","1"]}],"virtualTime":false}"#)
        let write = Self.line([.write(name: "updateNote", arguments: [
            (name: "boardId", update: .value(.string("b1"))), (name: "tags", update: .keys([(key: "k", update: .arrayRemove([.int(1)]))])),
        ])])
        #expect(write == #"{"clock":["1700000000",5],"pendingWrites":false,"steps":[{"arguments":[["boardId",{"value":"b1"}],"#
            + #"["tags",{"keys":[["k",{"arrayRemove":[{"int":"1"}]}]]}]],"name":"updateNote","op":"write"}],"virtualTime":false}"#)
    }

    /// A stream's arguments go in the order of its parameters, whatever the vector's order;
    /// one left out is null. Advancing time puts the model on the virtual clock.
    @Test func aStreamTakesItsArgumentsInOrder() throws {
        let line = Self.line([.subscribe(label: "s", stream: "notes", arguments: [(name: "boardId", value: .string("b1"))]), .advance(milliseconds: 300)])
        #expect(line == #"{"clock":["1700000000",5],"pendingWrites":false,"steps":[{"arguments":["b1"],"label":"s","op":"subscribe","stream":"notes"},"#
            + #"{"milliseconds":300,"op":"advance"}],"virtualTime":true}"#)
        #expect(ScenarioLine.numbered(line, 7, model: 2).hasPrefix(#"{"vector":7,"model":2,"clock":"#))
    }
}
