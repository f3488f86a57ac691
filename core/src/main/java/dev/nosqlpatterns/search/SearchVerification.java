package dev.nosqlpatterns.search;

import dev.nosqlpatterns.verify.Verification;
/**
 * How far an {@link InvertedSearch}'s derived data (posting lists and their counts) is from its truth
 * (the direct index), found by {@link InvertedSearch#verify()} and fixed by {@link InvertedSearch#repair()}.
 * IndexVerification comes from writers that stopped halfway on stores without atomic writes, and from documents that
 * expired ({@link InvertedSearch#index(Document, java.time.Instant)}) and are still indexed.
 *
 * @param documents        rows of the direct index read
 * @param missingPostings  (term, document) pairs the direct index has and the posting lists lack
 * @param stalePostings    pairs the posting lists have and the direct index does not
 * @param wrongCounts      terms whose summary count differs from their posting list's size
 * @param pendingDocuments direct rows still marked with removals to finish
 * @param expiredDocuments documents expired by the store's clock but still indexed (searches leave them out)
 * @param staleMarkers     expiry markers of a past instant whose document no longer has that expiry
 */
public record SearchVerification(long documents, long missingPostings, long stalePostings, long wrongCounts,
                          long pendingDocuments, long expiredDocuments, long staleMarkers) implements Verification {

    @Override
    public long examined() {
        return documents;
    }

    @Override
    public long disagreements() {
        return missingPostings + stalePostings + wrongCounts + pendingDocuments + expiredDocuments + staleMarkers;
    }

    @Override
    public java.util.List<String> findings() {
        java.util.Map<String, Long> kinds = new java.util.LinkedHashMap<>();
        kinds.put("(term, document) pairs missing from the posting lists", missingPostings);
        kinds.put("(term, document) pairs in the posting lists that the documents no longer have", stalePostings);
        kinds.put("terms whose count differs from their posting list's size", wrongCounts);
        kinds.put("documents with removals still to finish", pendingDocuments);
        kinds.put("expired documents still indexed", expiredDocuments);
        kinds.put("expiry markers their documents no longer have", staleMarkers);
        return Verification.lines(kinds);
    }
}
