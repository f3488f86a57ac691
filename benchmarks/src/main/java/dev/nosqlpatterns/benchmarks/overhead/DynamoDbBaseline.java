package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The overhead family's operations written with the AWS SDK v2 on the DynamoDB adapter's default
 * single-table layout (its {@code Layout}): one table {@code nosqlpatterns} with string keys {@code pk}
 * ({@code <table>#<partition>}) and {@code sk}, attributes under their own names, and the padding attribute
 * {@code ~} that brings every item's table-name prefix to 49 bytes. Strongly consistent reads, as the
 * store's default; the SDK's default HTTP client, as the adapter's URI opener uses. Every value type is mapped as the adapter maps it
 * (the bulk family's search load writes maps of string sets and binaries).
 */
final class DynamoDbBaseline implements Baseline {
    static final String TABLE = "nosqlpatterns";
    private static final int PREFIX_BYTES = 49;

    final DynamoDbClient client;

    DynamoDbBaseline(String uri) {
        URI u = URI.create(uri);
        this.client = DynamoDbClient.builder()
                .region(Region.US_EAST_1)
                .endpointOverride(URI.create("http://" + u.getHost() + ":" + u.getPort()))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .build();
    }

    private static Map<String, AttributeValue> key(String table, Key key) {
        Map<String, AttributeValue> m = new HashMap<>(4);
        m.put("pk", AttributeValue.fromS(table + "#" + key.partition()));
        m.put("sk", AttributeValue.fromS(key.sort()));
        return m;
    }

    private static String padding(String table) {
        return "-".repeat(PREFIX_BYTES - table.length() - 1 - 1);
    }

    static Map<String, AttributeValue> stored(String table, Item item) {
        Map<String, AttributeValue> m = key(table, item.key());
        item.attributes().forEach((name, value) -> m.put(name, attribute(value)));
        m.put("~", AttributeValue.fromS(padding(table)));
        return m;
    }

    static Item item(Key key, Map<String, AttributeValue> stored) {
        Map<String, Value> attributes = new HashMap<>(stored.size() * 2);
        stored.forEach((name, v) -> {
            if (!name.equals("pk") && !name.equals("sk") && !name.startsWith("~")) {
                attributes.put(name, value(v));
            }
        });
        return new Item(key, attributes);
    }

    /**
     * A value as the adapter stores it: DynamoDB's own type for each (S, N, B, BOOL, SS, NS, L, M), numbers as their
     * plain text without trailing zeros.
     */
    static AttributeValue attribute(Value value) {
        if (value instanceof Value.Str s) {
            return AttributeValue.fromS(s.value());
        } else if (value instanceof Value.Num n) {
            return AttributeValue.fromN(number(n.value()));
        } else if (value instanceof Value.Bin b) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(b.value()));
        } else if (value instanceof Value.Bool b) {
            return AttributeValue.fromBool(b.value());
        } else if (value instanceof Value.StrSet s) {
            return AttributeValue.fromSs(List.copyOf(s.value()));
        } else if (value instanceof Value.NumSet s) {
            return AttributeValue.fromNs(s.value().stream().map(DynamoDbBaseline::number).toList());
        } else if (value instanceof Value.ListValue l) {
            return AttributeValue.fromL(l.value().stream().map(DynamoDbBaseline::attribute).toList());
        } else if (value instanceof Value.MapValue m) {
            Map<String, AttributeValue> out = new HashMap<>();
            m.value().forEach((k, v) -> out.put(k, attribute(v)));
            return AttributeValue.fromM(out);
        }
        return AttributeValue.fromNul(true);
    }

    private static String number(BigDecimal n) {
        return n.signum() == 0 ? "0" : n.stripTrailingZeros().toPlainString();
    }

    /** The value an attribute read back holds. */
    static Value value(AttributeValue a) {
        return switch (a.type()) {
            case S -> Value.of(a.s());
            case N -> Value.of(new BigDecimal(a.n()));
            case B -> Value.of(a.b().asByteArray());
            case BOOL -> Value.of(a.bool());
            case SS -> Value.stringSet(a.ss());
            case NS -> Value.numberSet(a.ns().stream().map(BigDecimal::new).toList());
            case L -> Value.list(a.l().stream().map(DynamoDbBaseline::value).toList());
            case M -> {
                Map<String, Value> m = new HashMap<>();
                a.m().forEach((k, v) -> m.put(k, value(v)));
                yield Value.map(m);
            }
            default -> Value.nullValue();
        };
    }

    @Override
    public Optional<Item> get(String table, Key key) {
        var r = client.getItem(b -> b.tableName(TABLE).key(key(table, key)).consistentRead(true));
        return r.hasItem() && !r.item().isEmpty() ? Optional.of(item(key, r.item())) : Optional.empty();
    }

    @Override
    public void put(String table, Item item) {
        client.putItem(b -> b.tableName(TABLE).item(stored(table, item)));
    }

    @Override
    public boolean putIfAbsent(String table, Item item) {
        try {
            client.putItem(b -> b.tableName(TABLE).item(stored(table, item)).conditionExpression("attribute_not_exists(pk)"));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Override
    public long add(String table, Key key, String attribute, long delta) {
        var r = client.updateItem(b -> b.tableName(TABLE).key(key(table, key))
                .updateExpression("SET #pad = :pad ADD #a :d")
                .expressionAttributeNames(Map.of("#pad", "~", "#a", attribute))
                .expressionAttributeValues(Map.of(":pad", AttributeValue.fromS(padding(table)),
                        ":d", AttributeValue.fromN(Long.toString(delta))))
                .returnValues(ReturnValue.UPDATED_NEW));
        return Long.parseLong(r.attributes().get(attribute).n());
    }

    @Override
    public List<Item> query(String table, String partition, String from, String to) {
        var r = client.query(b -> b.tableName(TABLE).consistentRead(true)
                .keyConditionExpression("pk = :p AND sk BETWEEN :a AND :b")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(table + "#" + partition),
                        ":a", AttributeValue.fromS(from), ":b", AttributeValue.fromS(to))));
        List<Item> out = new ArrayList<>(r.count());
        for (Map<String, AttributeValue> stored : r.items()) {
            out.add(item(Key.of(partition, stored.get("sk").s()), stored));
        }
        return out;
    }

    @Override
    public void writeBatch(String table, List<Item> items) {
        for (int from = 0; from < items.size(); from += 25) {
            List<WriteRequest> chunk = new ArrayList<>(25);
            for (Item item : items.subList(from, Math.min(items.size(), from + 25))) {
                chunk.add(WriteRequest.builder().putRequest(PutRequest.builder().item(stored(table, item)).build()).build());
            }
            Map<String, List<WriteRequest>> pending = Map.of(TABLE, chunk);
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> send = pending;
                BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(send));
                pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
            }
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
