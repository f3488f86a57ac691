package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.model.Footprint;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import java.util.function.Predicate;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * DynamoDB's own size figures: {@code TableSizeBytes} of the physical table plus {@code IndexSizeBytes}
 * of its global secondary indexes, from DescribeTable. AWS refreshes them about every six hours (DynamoDB
 * Local at once), hence {@link Accuracy#LAGGING}. In the single-table layout every logical table lives in
 * one physical table, whose figure is then reported as {@link Footprint#shared() shared}.
 */
final class DynamoDbFootprint implements StorageFootprint {
    private final DynamoDbClient client;
    private final Layout layout;
    private final Predicate<String> declared;

    /** {@code declared} tells the logical tables declared on this backend. */
    DynamoDbFootprint(DynamoDbClient client, Layout layout, Predicate<String> declared) {
        this.client = client;
        this.layout = layout;
        this.declared = declared;
    }

    @Override
    public Footprint footprint(String table, CostMeter meter) {
        meter.roundTrip();
        TableSpec.checkName(table);
        if (!declared.test(table)) {
            throw new TableNotFoundException(table);
        }
        String physical = layout.physicalTable(table);
        TableDescription d;
        try {
            d = client.describeTable(b -> b.tableName(physical)).table();
        } catch (SdkException e) {
            throw Sender.map(e, Sender.Target.of(table));
        }
        long bytes = value(d.tableSizeBytes());
        for (GlobalSecondaryIndexDescription index : d.globalSecondaryIndexes()) {
            bytes += value(index.indexSizeBytes());
        }
        boolean shared = layout.singleTable();
        String basis = "DynamoDB TableSizeBytes + IndexSizeBytes of " + (shared ? "the one physical table all logical"
                + " tables share" : "the table's own physical table") + " (DescribeTable; refreshed by AWS about every"
                + " six hours)";
        return new Footprint(table, bytes, basis, Footprint.Accuracy.LAGGING, shared);
    }

    private static long value(Long figure) {
        return figure == null ? 0 : figure;
    }
}
