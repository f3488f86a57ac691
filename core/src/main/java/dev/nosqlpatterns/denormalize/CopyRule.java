package dev.nosqlpatterns.denormalize;

import java.util.ArrayList;
import java.util.List;

/**
 * One denormalized attribute: {@code sourceAttribute} of the items of {@code sourceTable} is copied into
 * {@code targetAttribute} of every item of {@code targetTable} whose {@code referenceAttribute} holds the
 * source's partition key (e.g. the provider's name inside each of its articles). Sources are
 * addressed by their partition key and the fixed sort key {@code sourceSortKey}.
 *
 * @param reverseIndexTable the table of the index from reference to targets, used to find the copies to update
 */
public record CopyRule(String sourceTable, String sourceSortKey, String sourceAttribute, String targetTable,
                       String referenceAttribute, String targetAttribute, String reverseIndexTable) {
    public CopyRule {
        List<String> problems = new ArrayList<>();
        require(problems, "sourceTable", sourceTable);
        require(problems, "sourceSortKey", sourceSortKey);
        require(problems, "sourceAttribute", sourceAttribute);
        require(problems, "targetTable", targetTable);
        require(problems, "referenceAttribute", referenceAttribute);
        require(problems, "targetAttribute", targetAttribute);
        require(problems, "reverseIndexTable", reverseIndexTable);
        if (referenceAttribute != null && referenceAttribute.equals(targetAttribute)) {
            problems.add("the copy cannot overwrite its own reference attribute '" + referenceAttribute + "'");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid copy rule: " + String.join("; ", problems));
        }
    }

    private static void require(List<String> problems, String name, String value) {
        if (value == null || value.isEmpty()) {
            problems.add(name + " must be a non-empty string");
        }
    }

    /**
     * The attribute of a target that holds, beside the copy, the expiry of the source it was copied from
     * ({@code targetAttribute + "~expiresAt"}, epoch milliseconds); absent when the source has none. Reads
     * through {@link Denormalizer#getTarget} leave out a copy whose source has expired by it.
     */
    public String expiryAttribute() {
        return targetAttribute + dev.nosqlpatterns.item.Expiry.ATTRIBUTE;
    }

    String sourceNode() {
        return sourceTable + "." + sourceAttribute;
    }

    String targetNode() {
        return targetTable + "." + targetAttribute;
    }

    @Override
    public String toString() {
        return sourceNode() + " -> " + targetNode() + " (via " + targetTable + "." + referenceAttribute + ")";
    }
}
