package dev.nosqlpatterns.search;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A boolean condition on documents' terms that selects an audience: term matches combined with AND, OR
 * and NOT. {@link InvertedSearch#find} evaluates it on posting lists, cheapest operand first.
 *
 * <p>{@code Criteria.and(Criteria.has("city", "Boston"), Criteria.not(Criteria.has("site", "a.example")))}
 * is the Boston documents not seen on a.example. NOT is relative to every indexed document.
 */
public sealed interface Criteria {

    /** Documents that have the term {@code field=value}. */
    static Criteria has(String field, String value) {
        return new Has(Term.of(field, value));
    }

    static Criteria has(Term term) {
        return new Has(term);
    }

    /** Documents matching every operand. */
    static Criteria and(Criteria... operands) {
        return new And(Arrays.asList(operands));
    }

    static Criteria and(List<Criteria> operands) {
        return new And(operands);
    }

    /** Documents matching at least one operand. */
    static Criteria or(Criteria... operands) {
        return new Or(Arrays.asList(operands));
    }

    static Criteria or(List<Criteria> operands) {
        return new Or(operands);
    }

    /** Documents that are indexed and do not match {@code operand}. */
    static Criteria not(Criteria operand) {
        return new Not(operand);
    }

    /** Every indexed document. */
    static Criteria all() {
        return All.INSTANCE;
    }

    /** The distinct terms this condition reads. */
    default Set<Term> terms() {
        Set<Term> out = new LinkedHashSet<>();
        collect(this, out);
        return out;
    }

    private static void collect(Criteria c, Set<Term> out) {
        if (c instanceof Has h) {
            out.add(h.term());
        } else if (c instanceof And a) {
            a.operands().forEach(o -> collect(o, out));
        } else if (c instanceof Or o) {
            o.operands().forEach(x -> collect(x, out));
        } else if (c instanceof Not n) {
            collect(n.operand(), out);
        }
    }

    /** @see Criteria#has */
    record Has(Term term) implements Criteria {
        public Has {
            Objects.requireNonNull(term, "term must not be null");
        }

        @Override
        public String toString() {
            return term.toString();
        }
    }

    /** @see Criteria#and */
    record And(List<Criteria> operands) implements Criteria {
        public And {
            operands = checked("AND", operands);
        }

        @Override
        public String toString() {
            return operands.stream().map(Object::toString).collect(Collectors.joining(" AND ", "(", ")"));
        }
    }

    /** @see Criteria#or */
    record Or(List<Criteria> operands) implements Criteria {
        public Or {
            operands = checked("OR", operands);
        }

        @Override
        public String toString() {
            return operands.stream().map(Object::toString).collect(Collectors.joining(" OR ", "(", ")"));
        }
    }

    /** @see Criteria#not */
    record Not(Criteria operand) implements Criteria {
        public Not {
            Objects.requireNonNull(operand, "NOT needs an operand");
        }

        @Override
        public String toString() {
            return "NOT " + operand;
        }
    }

    /** @see Criteria#all */
    record All() implements Criteria {
        static final All INSTANCE = new All();

        @Override
        public String toString() {
            return "ALL";
        }
    }

    private static List<Criteria> checked(String operator, List<Criteria> operands) {
        Objects.requireNonNull(operands, () -> operator + " operands must not be null");
        if (operands.isEmpty()) {
            throw new IllegalArgumentException(operator + " needs at least one operand");
        }
        for (int i = 0; i < operands.size(); i++) {
            if (operands.get(i) == null) {
                throw new IllegalArgumentException(operator + " operand " + i + " is null");
            }
        }
        return List.copyOf(operands);
    }
}
