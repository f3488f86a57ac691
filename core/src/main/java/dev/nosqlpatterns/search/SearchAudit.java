package dev.nosqlpatterns.search;

/**
 * How far an {@link InvertedSearch}'s derived data (posting lists and their counts) is from its truth
 * (the direct index), found by {@link InvertedSearch#verify()} and fixed by {@link InvertedSearch#repair()}.
 * Drift comes only from writers that stopped halfway on stores without atomic writes.
 *
 * @param documents        rows of the direct index read
 * @param missingPostings  (term, document) pairs the direct index has and the posting lists lack
 * @param stalePostings    pairs the posting lists have and the direct index does not
 * @param wrongCounts      terms whose summary count differs from their posting list's size
 * @param pendingDocuments direct rows still marked with removals to finish
 */
public record SearchAudit(long documents, long missingPostings, long stalePostings, long wrongCounts,
                          long pendingDocuments) {

    /** True when the derived data matches the direct index exactly. */
    public boolean clean() {
        return missingPostings == 0 && stalePostings == 0 && wrongCounts == 0 && pendingDocuments == 0;
    }
}
