package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.store.model.SortKeyCondition;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * What one read task reads: one scan segment of the table, or the items of one partition key whose sort keys
 * satisfy a condition (kept as its kind and bounds, since conditions are not serializable).
 */
record StorePartition(int segment, String partitionKey, String condition, String low, String high)
        implements InputPartition {

    static StorePartition segment(int segment) {
        return new StorePartition(segment, null, null, null, null);
    }

    boolean isQuery() {
        return partitionKey != null;
    }

    SortKeyCondition sortKeyCondition() {
        if (condition == null) {
            return SortKeyCondition.all();
        }
        return switch (condition) {
            case "eq" -> SortKeyCondition.equalTo(low);
            case "prefix" -> SortKeyCondition.beginsWith(low);
            case "between" -> SortKeyCondition.between(low, high);
            case "gt" -> SortKeyCondition.greaterThan(low);
            case "ge" -> SortKeyCondition.greaterOrEqual(low);
            case "lt" -> SortKeyCondition.lessThan(high);
            case "le" -> SortKeyCondition.lessOrEqual(high);
            default -> throw new IllegalStateException("unknown sort key condition " + condition);
        };
    }
}
