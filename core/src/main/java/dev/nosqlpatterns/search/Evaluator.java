package dev.nosqlpatterns.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Evaluates {@link Criteria} on posting lists, cheapest operand first. Read together (the default),
 * every term's partition is read in one round of queries sent at once, which brings its size (its
 * summary) and, for terms of up to a hundred chunks, its whole posting list: a search waits for one round
 * trip. Read apart, the sizes come first (one batch read of the summaries). Then an AND starts from its
 * smallest operand; of a term not read whole it reads only the chunks the candidates so far touch,
 * stopping as soon as the candidates run out; an OR stops once it holds every candidate; NOT subtracts
 * from the candidates (or from every indexed document when it stands alone).
 *
 * <p>{@code eval(c, restrict)} returns the ids matching {@code c} within {@code restrict} ({@code null}
 * meaning no restriction), which is what lets each operand not read whole read less.
 */
final class Evaluator {
    private final Postings postings;
    private final Map<String, Long> counts;
    private final long universeCount;
    private final Map<String, IdSet> whole = new HashMap<>();
    private final boolean preload;
    private final dev.nosqlpatterns.store.model.Page extra;

    /**
     * {@code universeWhole}: null reads the summaries alone first, else every term at once with the universe
     * whole or not, and {@code extra} (when not null) in the same round.
     */
    private Evaluator(Postings postings, Set<Term> terms, Boolean universeWhole, boolean preload,
                      dev.nosqlpatterns.store.model.Query extra) {
        this.postings = postings;
        Set<String> partitions = new HashSet<>();
        terms.forEach(t -> partitions.add(SearchKeys.term(t)));
        if (universeWhole == null) {
            partitions.add(SearchKeys.UNIVERSE);
            this.counts = postings.counts(partitions);
            this.extra = null;
        } else {
            Postings.Wave wave = postings.readAtOnce(partitions, universeWhole, extra);
            this.extra = wave.extra();
            this.counts = wave.counts();
            this.whole.putAll(wave.whole());
        }
        this.universeCount = counts.get(SearchKeys.UNIVERSE);
        this.preload = preload;
    }

    /** An evaluator for one criteria: reads as little as the estimates allow. */
    static Evaluator forOne(Postings postings, Criteria criteria, boolean together) {
        return forOne(postings, criteria, together, null);
    }

    /** {@link #forOne(Postings, Criteria, boolean)} reading {@code extra} with the terms when they are read together. */
    static Evaluator forOne(Postings postings, Criteria criteria, boolean together,
                            dev.nosqlpatterns.store.model.Query extra) {
        return new Evaluator(postings, criteria.terms(), together ? readsWholeUniverse(criteria) : null, false, extra);
    }

    /** An evaluator for a batch of criteria: reads each term once, whole, and shares it among them. */
    static Evaluator forMany(Postings postings, List<Criteria> criteria, boolean together,
                             dev.nosqlpatterns.store.model.Query extra) {
        Set<Term> terms = new HashSet<>();
        criteria.forEach(c -> terms.addAll(c.terms()));
        return new Evaluator(postings, terms, together ? criteria.stream().anyMatch(Evaluator::readsWholeUniverse) : null,
                true, extra);
    }

    /**
     * True when evaluating {@code c} with no restriction reads every indexed document: a NOT or a match
     * of everything at its top, an AND of NOTs only, or an OR with such an operand. The universe is then
     * read in the first round with the terms instead of after them.
     */
    static boolean readsWholeUniverse(Criteria c) {
        if (c instanceof Criteria.Has) {
            return false;
        }
        if (c instanceof Criteria.And a) {
            List<Criteria> positive = a.operands().stream().filter(o -> !(o instanceof Criteria.Not)).toList();
            return positive.isEmpty() || positive.stream().allMatch(Evaluator::readsWholeUniverse);
        }
        if (c instanceof Criteria.Or o) {
            return o.operands().stream().anyMatch(Evaluator::readsWholeUniverse);
        }
        return true;
    }

    /** The page of the extra query read with the terms; empty when the terms were not read together. */
    java.util.Optional<dev.nosqlpatterns.store.model.Page> extra() {
        return java.util.Optional.ofNullable(extra);
    }

    IdSet evaluate(Criteria criteria) {
        return eval(criteria, null);
    }

    /** The estimated size of what {@code c} selects: exact for a term, bounds for the operators. */
    long estimate(Criteria c) {
        if (c instanceof Criteria.Has h) {
            return counts.getOrDefault(SearchKeys.term(h.term()), 0L);
        }
        if (c instanceof Criteria.And a) {
            return a.operands().stream().filter(o -> !(o instanceof Criteria.Not))
                    .mapToLong(this::estimate).min().orElse(universeCount);
        }
        if (c instanceof Criteria.Or o) {
            return Math.min(universeCount, o.operands().stream().mapToLong(this::estimate).sum());
        }
        if (c instanceof Criteria.Not n) {
            return Math.max(0, universeCount - estimate(n.operand()));
        }
        return universeCount;
    }

    private IdSet eval(Criteria c, IdSet restrict) {
        if (c instanceof Criteria.Has h) {
            return term(SearchKeys.term(h.term()), restrict);
        }
        if (c instanceof Criteria.And a) {
            return and(a, restrict);
        }
        if (c instanceof Criteria.Or o) {
            return or(o, restrict);
        }
        if (c instanceof Criteria.Not n) {
            IdSet base = term(SearchKeys.UNIVERSE, restrict);
            return base.isEmpty() ? base : base.andNot(eval(n.operand(), base));
        }
        return term(SearchKeys.UNIVERSE, restrict);
    }

    private IdSet and(Criteria.And a, IdSet restrict) {
        List<Criteria> positive = new ArrayList<>();
        List<Criteria> negative = new ArrayList<>();
        for (Criteria o : a.operands()) {
            (o instanceof Criteria.Not ? negative : positive).add(o);
        }
        positive.sort(Comparator.comparingLong(this::estimate));
        negative.sort(Comparator.comparingLong((Criteria n) -> estimate(((Criteria.Not) n).operand())).reversed());
        IdSet current = restrict;
        for (Criteria p : positive) {
            current = eval(p, current);
            if (current.isEmpty()) {
                return current;
            }
        }
        if (current == null) {
            current = term(SearchKeys.UNIVERSE, null);
        }
        for (Criteria n : negative) {
            if (current.isEmpty()) {
                return current;
            }
            current = current.andNot(eval(((Criteria.Not) n).operand(), current));
        }
        return current;
    }

    private IdSet or(Criteria.Or o, IdSet restrict) {
        List<Criteria> operands = new ArrayList<>(o.operands());
        operands.sort(Comparator.comparingLong(this::estimate).reversed());
        IdSet union = IdSets.empty(postings.format);
        for (Criteria operand : operands) {
            union = union.or(eval(operand, restrict));
            if (restrict != null && union.cardinality() == restrict.cardinality()) {
                return union;
            }
        }
        return union;
    }

    /**
     * The ids of a term or of the universe within {@code restrict}. Counts only order the work: a term
     * counted zero is still read (one cheap read of an empty partition), so that a count left behind by
     * an interrupted writer never hides a document.
     */
    private IdSet term(String partition, IdSet restrict) {
        if (restrict != null && restrict.isEmpty()) {
            return restrict;
        }
        IdSet cached = whole.get(partition);
        if (cached == null && (restrict == null || preload)) {
            cached = postings.loadAll(partition);
            whole.put(partition, cached);
        }
        if (cached != null) {
            return restrict == null ? cached : cached.and(restrict);
        }
        return postings.load(partition, restrict);
    }
}
