package modelgen.runtime

/**
 * A declared constraint of one of a collection's fields (`min`, `maxLength`, `values`, …), as
 * the generated typed writes check it before anything is written. A value that is absent, null
 * or a pending server timestamp keeps every rule; transforms (an increment, an array union) are
 * not checked, as their result is the server's to know.
 */
class FieldRule private constructor(private val field: String, private val key: String, private val check: (DocumentValue) -> List<String>) {
    /** Makes rules, and checks writes against them. */
    companion object {
        /** A number's bounds, inclusive; NaN is within no bounds (it breaks each one declared), as Firestore's security rules compare it. */
        fun range(field: String, key: String, min: DocumentValue?, max: DocumentValue?): FieldRule = FieldRule(field, key) { value ->
            if (value !is DocumentValue.IntValue && value !is DocumentValue.DoubleValue) emptyList()
            else if (value is DocumentValue.DoubleValue && value.value.isNaN()) listOfNotNull(
                min?.let { "'$field' must be at least $it" },
                max?.let { "'$field' must be at most $it" }
            )
            else listOfNotNull(
                min?.takeIf { ValueOrder.compare(value, it) < 0 }?.let { "'$field' must be at least $it" },
                max?.takeIf { ValueOrder.compare(value, it) > 0 }?.let { "'$field' must be at most $it" }
            )
        }

        /** A string's length in UTF-16 code units, inclusive, as Firestore's security rules measure it. */
        fun length(field: String, key: String, min: Int?, max: Int?): FieldRule = FieldRule(field, key) { value ->
            if (value is DocumentValue.StringValue) sizes(field, value.value.length, min, max, "character") else emptyList()
        }

        /** A list's size, inclusive. */
        fun items(field: String, key: String, min: Int?, max: Int?): FieldRule = FieldRule(field, key) { value ->
            if (value is DocumentValue.ArrayValue) sizes(field, value.values.size, min, max, "item") else emptyList()
        }

        /** The strings a field may hold. */
        fun oneOf(field: String, key: String, values: List<String>): FieldRule = FieldRule(field, key) { value ->
            if (value is DocumentValue.StringValue && value.value !in values) listOf("'$field' must be one of ${values.joinToString(", ") { "'$it'" }}")
            else emptyList()
        }

        /**
         * `write` if the values it sets keep `rules`; else throws a [ConstraintException] listing
         * every violation, in the order of the rules.
         */
        fun checked(rules: List<FieldRule>, write: DocumentWrite): DocumentWrite {
            val violations = rules.flatMap { rule ->
                val value = when (write) {
                    is DocumentWrite.Set -> write.data[rule.key]
                    is DocumentWrite.Update -> (write.fields[FieldPath.of(rule.key)] as? FieldUpdate.Value)?.value
                    is DocumentWrite.Merge -> (write.fields[FieldPath.of(rule.key)] as? FieldUpdate.Value)?.value
                    is DocumentWrite.Delete -> null
                }
                if (value == null) emptyList() else rule.check(value)
            }
            if (violations.isNotEmpty()) throw ConstraintException(violations)
            return write
        }

        private fun sizes(field: String, size: Int, min: Int?, max: Int?, unit: String): List<String> {
            fun plural(count: Int) = if (count == 1) unit else unit + "s"
            if (min != null && size < min) return listOf("'$field' must have at least $min ${plural(min)}")
            if (max != null && size > max) return listOf("'$field' must have at most $max ${plural(max)}")
            return emptyList()
        }
    }
}

/**
 * A typed write whose values break the schema's constraints: every violation, with the field's
 * schema name and the rule (`'title' must have at least 1 character`). Nothing was written.
 */
class ConstraintException(val violations: List<String>) : Exception(violations.joinToString("; ")) {
    /** Equal for the same violations. */
    override fun equals(other: Any?): Boolean = other is ConstraintException && other.violations == violations

    /** Consistent with [equals]. */
    override fun hashCode(): Int = violations.hashCode()
}
