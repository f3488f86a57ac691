package dev.nosqlpatterns.lucene;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.FilteredTermsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.util.AttributeSource;
import org.apache.lucene.util.BytesRef;

/**
 * The terms of a field between two byte strings, each end inclusive or exclusive or open (null), found by
 * seeking the terms dictionary to the lower end and reading terms until the upper one. Lucene's
 * TermRangeQuery compiles its ends into an automaton whose size grows with their length and is refused
 * past about a thousand bytes, which the keys of this store reach (a partition key up to 2 KB, a sort
 * key up to 1 KB); this query costs the same whatever their length.
 */
final class TermSpanQuery extends MultiTermQuery {
    private final BytesRef lower;
    private final boolean lowerInclusive;
    private final BytesRef upper;
    private final boolean upperInclusive;

    TermSpanQuery(String field, BytesRef lower, boolean lowerInclusive, BytesRef upper, boolean upperInclusive) {
        super(field, CONSTANT_SCORE_BLENDED_REWRITE);
        this.lower = lower == null ? null : BytesRef.deepCopyOf(lower);
        this.lowerInclusive = lowerInclusive;
        this.upper = upper == null ? null : BytesRef.deepCopyOf(upper);
        this.upperInclusive = upperInclusive;
    }

    @Override
    protected TermsEnum getTermsEnum(Terms terms, AttributeSource atts) throws IOException {
        if (lower != null && upper != null) {
            int c = lower.compareTo(upper);
            if (c > 0 || (c == 0 && !(lowerInclusive && upperInclusive))) {
                return TermsEnum.EMPTY;
            }
        }
        return new FilteredTermsEnum(terms.iterator(), lower != null) {
            {
                if (lower != null) {
                    setInitialSeekTerm(lower);
                }
            }

            @Override
            protected AcceptStatus accept(BytesRef term) {
                if (lower != null && !lowerInclusive && term.equals(lower)) {
                    return AcceptStatus.NO;
                }
                if (upper != null) {
                    int c = term.compareTo(upper);
                    if (c > 0 || (c == 0 && !upperInclusive)) {
                        return AcceptStatus.END;
                    }
                }
                return AcceptStatus.YES;
            }
        };
    }

    @Override
    public void visit(QueryVisitor visitor) {
        if (visitor.acceptField(field)) {
            visitor.visitLeaf(this);
        }
    }

    @Override
    public String toString(String f) {
        return (f.equals(field) ? "" : field + ":") + (lowerInclusive ? "[" : "{") + (lower == null ? "*" : lower)
                + " TO " + (upper == null ? "*" : upper) + (upperInclusive ? "]" : "}");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TermSpanQuery q && q.field.equals(field) && Objects.equals(q.lower, lower)
                && Objects.equals(q.upper, upper) && q.lowerInclusive == lowerInclusive && q.upperInclusive == upperInclusive;
    }

    @Override
    public int hashCode() {
        return Objects.hash(field, lower, upper, lowerInclusive, upperInclusive);
    }
}
