package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import java.util.function.Predicate;

/**
 * Creates, checks and deletes physical tables and their index slots: tables on demand (pay per request)
 * with string partition and sort keys, and the numbered global secondary indexes added by UpdateTable
 * when a logical table declares more indexes than the physical table has.
 */
final class Tables {
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration WAIT_LIMIT = Duration.ofMinutes(15);

    private final DynamoDbClient client;
    private final Layout layout;
    private final Sender sender;
    private final boolean create;
    /** Index slots each physical table is known to have. */
    private final Map<String, Integer> slots = new ConcurrentHashMap<>();

    Tables(DynamoDbClient client, Layout layout, Sender sender, boolean create) {
        this.client = client;
        this.layout = layout;
        this.sender = sender;
        this.create = create;
    }

    /** Makes sure the physical table of {@code logical} exists with at least {@code needed} index slots. */
    void ensure(String logical, int needed, CostMeter meter) {
        String physical = layout.physicalTable(logical);
        Integer known = slots.get(physical);
        if (known != null && known >= needed) {
            return;
        }
        if (needed > IndexKeys.MAX_SLOTS) {
            throw new InvalidRequestException("table '" + logical + "' declares " + needed
                    + " indexes; a DynamoDB table has at most " + IndexKeys.MAX_SLOTS + " global secondary indexes");
        }
        Sender.Target target = Sender.Target.of(logical);
        TableDescription table = describe(physical, target, meter).orElse(null);
        if (table != null && table.tableStatus() == TableStatus.DELETING) {
            table = waitFor(physical, target, meter, t -> t == null);
        }
        if (table == null) {
            if (!create) {
                throw new InvalidRequestException("DynamoDB table '" + physical + "' for table '" + logical
                        + "' does not exist, and this store is set not to create tables");
            }
            table = createPhysical(physical, needed, target, meter);
        } else if (table.tableStatus() != TableStatus.ACTIVE) {
            table = waitFor(physical, target, meter, Tables::active);
        }
        checkKeys(physical, table, logical);
        int have = slotsOf(physical, table, logical);
        for (int slot = have + 1; slot <= needed; slot++) {
            addSlot(physical, slot, target, meter);
        }
        if (create) {
            enableExpiry(physical, target, meter);
        }
        slots.merge(physical, Math.max(have, needed), Math::max);
    }

    /**
     * Turns on DynamoDB's time to live on {@link Layout#TTL} unless the table already has it on (or on
     * another attribute, which is left alone): DynamoDB then deletes expired items itself, within days.
     */
    private void enableExpiry(String physical, Sender.Target target, CostMeter meter) {
        TimeToLiveStatus status = sender.send(meter, target, () -> client.describeTimeToLive(b -> b.tableName(physical)))
                .timeToLiveDescription().timeToLiveStatus();
        if (status == null || status == TimeToLiveStatus.DISABLED) {
            sender.send(meter, target, () -> client.updateTimeToLive(b -> b.tableName(physical)
                    .timeToLiveSpecification(t -> t.enabled(true).attributeName(Layout.TTL))));
        }
    }

    /** Deletes a physical table (per-table layout); nothing happens when it is absent. */
    void delete(String logical, CostMeter meter) {
        String physical = layout.physicalTable(logical);
        slots.remove(physical);
        try {
            sender.send(meter, Sender.Target.of(logical), () -> client.deleteTable(b -> b.tableName(physical)));
        } catch (TableNotFoundException absent) {
            return;
        }
        waitFor(physical, Sender.Target.of(logical), meter, t -> t == null);
    }

    private Optional<TableDescription> describe(String physical, Sender.Target target, CostMeter meter) {
        try {
            return Optional.of(sender.send(meter, target, () -> client.describeTable(b -> b.tableName(physical)))
                    .table());
        } catch (TableNotFoundException e) {
            return Optional.empty();
        }
    }

    private TableDescription createPhysical(String physical, int needed, Sender.Target target, CostMeter meter) {
        List<AttributeDefinition> attributes = new ArrayList<>(List.of(string(layout.pk()), string(layout.sk())));
        List<GlobalSecondaryIndex> indexes = new ArrayList<>();
        for (int slot = 1; slot <= needed; slot++) {
            attributes.add(string(IndexKeys.pkAttribute(slot)));
            attributes.add(string(IndexKeys.skAttribute(slot)));
            indexes.add(GlobalSecondaryIndex.builder().indexName(IndexKeys.gsiName(slot)).keySchema(gsiKeys(slot))
                    .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build());
        }
        try {
            sender.send(meter, target, () -> client.createTable(b -> b.tableName(physical)
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(attributes)
                    .keySchema(key(layout.pk(), KeyType.HASH), key(layout.sk(), KeyType.RANGE))
                    .globalSecondaryIndexes(indexes.isEmpty() ? null : indexes)));
        } catch (StoreUnavailableException e) {
            if (!(e.getCause() instanceof ResourceInUseException)) {
                throw e;
            }
            // created meanwhile by another process: use it
        }
        return waitFor(physical, target, meter, Tables::active);
    }

    private void addSlot(String physical, int slot, Sender.Target target, CostMeter meter) {
        GlobalSecondaryIndexUpdate update = GlobalSecondaryIndexUpdate.builder().create(
                CreateGlobalSecondaryIndexAction.builder().indexName(IndexKeys.gsiName(slot)).keySchema(gsiKeys(slot))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()).build();
        try {
            sender.send(meter, target, () -> client.updateTable(b -> b.tableName(physical)
                    .attributeDefinitions(string(IndexKeys.pkAttribute(slot)), string(IndexKeys.skAttribute(slot)))
                    .globalSecondaryIndexUpdates(update)));
        } catch (InvalidRequestException | StoreUnavailableException e) {
            // another process may be adding the same index: fine if it appears below
        }
        waitFor(physical, target, meter, t -> t != null && t.hasGlobalSecondaryIndexes() && t.globalSecondaryIndexes()
                .stream().anyMatch(i -> i.indexName().equals(IndexKeys.gsiName(slot))
                        && i.indexStatus() == IndexStatus.ACTIVE));
    }

    /** Number of consecutive well-formed index slots from 1; fails on a slot name with a foreign schema. */
    private int slotsOf(String physical, TableDescription table, String logical) {
        int have = 0;
        if (table.hasGlobalSecondaryIndexes()) {
            for (int slot = 1; ; slot++) {
                String name = IndexKeys.gsiName(slot);
                Optional<GlobalSecondaryIndexDescription> gsi = table.globalSecondaryIndexes().stream()
                        .filter(i -> i.indexName().equals(name)).findFirst();
                if (gsi.isEmpty()) {
                    break;
                }
                if (!gsi.get().keySchema().equals(gsiKeys(slot))) {
                    throw new InvalidRequestException("DynamoDB table '" + physical + "' (for table '" + logical
                            + "') has an index '" + name + "' keyed on " + gsi.get().keySchema()
                            + ", not on the attributes this store maintains: " + gsiKeys(slot));
                }
                have = slot;
            }
        }
        return have;
    }

    private void checkKeys(String physical, TableDescription table, String logical) {
        List<KeySchemaElement> expected = List.of(key(layout.pk(), KeyType.HASH), key(layout.sk(), KeyType.RANGE));
        boolean stringKeys = table.attributeDefinitions().stream()
                .filter(a -> a.attributeName().equals(layout.pk()) || a.attributeName().equals(layout.sk()))
                .allMatch(a -> a.attributeType() == ScalarAttributeType.S);
        if (!table.keySchema().equals(expected) || !stringKeys) {
            throw new InvalidRequestException("DynamoDB table '" + physical + "' (for table '" + logical
                    + "') has the key " + table.keySchema() + " " + table.attributeDefinitions()
                    + "; this store needs a string partition key '" + layout.pk() + "' and a string sort key '"
                    + layout.sk() + "' (name yours with the prefix= and suffix= options)");
        }
    }

    private TableDescription waitFor(String physical, Sender.Target target, CostMeter meter,
                                     Predicate<TableDescription> ready) {
        long deadline = System.nanoTime() + WAIT_LIMIT.toNanos();
        while (true) {
            TableDescription t = describe(physical, target, meter).orElse(null);
            if (ready.test(t)) {
                return t;
            }
            if (System.nanoTime() > deadline) {
                throw new StoreUnavailableException("DynamoDB table '" + physical + "' did not become ready within "
                        + WAIT_LIMIT, target.table(), null, null);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreUnavailableException("interrupted while waiting for DynamoDB table '" + physical + "'",
                        target.table(), null, e);
            }
        }
    }

    private static List<KeySchemaElement> gsiKeys(int slot) {
        return List.of(key(IndexKeys.pkAttribute(slot), KeyType.HASH), key(IndexKeys.skAttribute(slot), KeyType.RANGE));
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition string(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static boolean active(TableDescription t) {
        return t != null && t.tableStatus() == TableStatus.ACTIVE && (!t.hasGlobalSecondaryIndexes()
                || t.globalSecondaryIndexes().stream().allMatch(i -> i.indexStatus() == IndexStatus.ACTIVE));
    }
}
