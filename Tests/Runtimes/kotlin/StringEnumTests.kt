package modelgen.runtime.tests

import modelgen.runtime.Codec
import modelgen.runtime.Codecs
import modelgen.runtime.DocumentDecodingException
import modelgen.runtime.DocumentDecodingException.Problem
import modelgen.runtime.DocumentValue
import modelgen.runtime.Match
import modelgen.runtime.StringEnum

// String enums: stored as their strings, decoded only from one of them, compared and ordered
// as the strings (by code point), not in the order of their constants.

private enum class Phase(override val value: String) : StringEnum {
    OPEN("open"),
    IN_PROGRESS("in-progress"),
    DONE("done");

    companion object : Codec<Phase> by Codecs.stringEnum(values())
}

/** The problem decoding `value` as a [Phase] reports, or null when it decodes. */
private fun problemDecoding(value: DocumentValue): Problem? =
    try {
        Phase.decode(value)
        null
    } catch (error: DocumentDecodingException) {
        error.problem
    }

internal fun stringEnums() {
    for (phase in Phase.values()) expect(Phase.decode(Phase.encode(phase)), phase, "$phase round-trips through its string")
    expect(Phase.encode(Phase.IN_PROGRESS), str("in-progress"), "a constant is stored as its string")
    expect(Phase.decode(str("done")), Phase.DONE, "a stored string decodes to its constant")
    expect(problemDecoding(str("Open")), Problem.WrongType("one of 'open', 'in-progress', 'done'", "'Open'"), "a string outside the enum")
    expect(problemDecoding(str("")), Problem.WrongType("one of 'open', 'in-progress', 'done'", "''"), "the empty string")
    expect(problemDecoding(int(3)), Problem.WrongType("string", "int"), "a value that is no string")
    expect(Codecs.optional(Phase).decode(DocumentValue.Null), null, "an optional enum reads null as null")
    expect(Codecs.list(Phase).decode(arr(str("open"), str("done"))), listOf(Phase.OPEN, Phase.DONE), "a list of an enum")

    // "done" < "in-progress" < "open": the strings' order, the reverse of the constants' here.
    check(Match.less(Phase.DONE, Phase.IN_PROGRESS) && Match.less(Phase.IN_PROGRESS, Phase.OPEN), "ordered as strings")
    check(!Match.greater(Phase.DONE, Phase.OPEN) && Match.lessOrEqual(Phase.OPEN, Phase.OPEN), "not by declaration")
    check(Match.equal(Phase.OPEN, Phase.OPEN) && Match.notEqual(Phase.OPEN, Phase.DONE), "equality")
    check(Match.isIn(Phase.DONE, listOf(Phase.OPEN, Phase.DONE)) && Match.notIn(Phase.DONE, listOf(Phase.OPEN)), "in and not in")
    check(Match.contains(listOf(Phase.OPEN), Phase.OPEN) && !Match.less(null, Phase.OPEN), "contains, and null compares with nothing")
}
