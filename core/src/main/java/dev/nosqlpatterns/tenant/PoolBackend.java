package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import dev.nosqlpatterns.store.spi.PrefixScans;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * One tenant's view of a backend in the pool model: the tenant's items live in the same physical tables as every
 * other tenant's, under the names the tenant gives, and the tenant's code leads every key the store sees.
 *
 * <ul>
 *   <li><b>Keys.</b> The partition key stored is the code, {@value #SEPARATOR} and the partition key the tenant
 *       wrote. Codes have a fixed length, so no tenant's prefix begins another's and no escaping is needed. Every
 *       item read back has the prefix taken off. The view's {@link #limits()} are the store's less the prefix (on
 *       the partition key, the item and the atomic write), so a key the prefix would make too long is refused,
 *       naming the key, before anything is sent. Sort keys and attributes are kept as written.</li>
 *   <li><b>Native secondary indexes.</b> The value of each index's partition attribute is stored as a string
 *       carrying the code: {@value #SEPARATOR} and the text of a string value, or {@value #NUMBER} and the
 *       canonical text of a number (so a string and a number with the same text stay apart). An attribute declared
 *       a number is declared a string in the physical table. Index reads look up the tenant's value, and every
 *       item read back has its values restored, numbers as numbers; conditions and updates that set such an
 *       attribute are rewritten the same way. Index sort attributes are kept. An update cannot add to a number
 *       held in an index partition attribute (the store holds it as text): set it instead.</li>
 *   <li><b>Scans</b> read the tenant's partitions alone where the store keeps partitions in key order (the memory
 *       store, MongoDB, Redis, Lucene: {@link PrefixScans}), so their cost grows with the tenant's data. DynamoDB
 *       and Cassandra place partitions by hash and cannot read a key prefix: there a scan reads the whole shared
 *       table, every tenant's items, and answers the tenant's alone; each item of another tenant counts as an item
 *       read and not returned, and a page may be short, or empty while the scan goes on
 *       ({@link dev.nosqlpatterns.store.model.Page}). A tenant that scans often on those stores is better served by
 *       the bridge model. The store's resume token, which may name another tenant's last item, is handed out
 *       sealed (encrypted and bound to the tenant), so a cursor reveals nothing of another tenant and another
 *       tenant's cursor is refused.</li>
 *   <li><b>Native geo sets and text-search indexes</b> are named for the tenant, as in the bridge model: the
 *       code and an underscore before the name the tenant gives.</li>
 *   <li><b>Linked reads</b> follow links inside one partition, which the prefix makes the tenant's own.</li>
 *   <li><b>Queries on elements of nested documents</b>, where the store answers them: every element (a map in a
 *       list attribute) is stored with the tenant's code in the field {@value #ELEMENT_TENANT}, which every query
 *       asks for, so the store matches and limits the tenant's elements alone; the field is taken off every item
 *       read back, and an element that holds it is refused. Conditions and updates that set a list are rewritten
 *       the same way.</li>
 *   <li><b>Dropped:</b> storage footprints (the store reports a shared table's size, every tenant's bytes in it,
 *       which would tell one tenant how much the others hold, and cannot tell the tenant's part of it) and the
 *       adapter's own extensions (their names and keys are their own).</li>
 *   <li><b>Dropping a table</b> cannot drop the shared table: it deletes the tenant's items from it, a page of the
 *       scan of the tenant's partitions (or of the whole table, as above) at a time, each page's items in one batch
 *       write. It can be repeated after a crash.</li>
 * </ul>
 *
 * <p>Every process declares the same specs for a logical table, as always; in the pool model the tenants share
 * the declaration too. Closing the view leaves the backend open.
 */
final class PoolBackend extends ScopedBackend {
    /** Between the code and a partition key or a string index value. */
    static final char SEPARATOR = '#';
    /** Between the code and the text of a number index value. */
    static final char NUMBER = '=';

    /**
     * The field every element (a map in a list attribute) carries the tenant's code in, where the store answers
     * queries on elements of nested documents: those queries ask for it, so the store answers the tenant's alone.
     */
    static final String ELEMENT_TENANT = "~tenant";

    private static final Pattern CODE = Pattern.compile("t[a-z2-7]{10}");
    private static final int DROP_PAGE = 1000;
    private static final int IV_BYTES = 12;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DEC = Base64.getUrlDecoder();

    private final String code;
    private final String keyPrefix;
    private final String numberPrefix;
    private final SecretKeySpec cursorKey;
    private final Set<String> reserved;
    private final Consumer<TableSpec> onCreate;
    private final NamedPorts.FirstUse firstUse;
    private final Capabilities capabilities;
    private final Limits limits;
    /** True when the store answers queries on elements, so that every element carries the code. */
    private final boolean tagsElements;
    private final Map<String, TableSpec> specs = new ConcurrentHashMap<>();
    /** The store's scans of the tenant's partitions alone, where it has them. */
    private final Optional<PrefixScans> prefixScans;

    /**
     * @param code       the tenant's code, {@code t} and ten of {@code [a-z2-7]}
     * @param cursorKey  32 bytes that seal scan tokens, the same in every process that shares the store
     * @param reserved   table names the tenant may not use (the registry's)
     * @param onCreate   told of every table the tenant creates, with its declaration, before it is created (for
     *                   off-boarding)
     * @param onFirstUse told of every native geo set and text index the tenant writes to, before the first write
     *                   through this view (for off-boarding)
     */
    PoolBackend(StoreBackend shared, String code, byte[] cursorKey, Set<String> reserved,
                Consumer<TableSpec> onCreate, BiConsumer<NamedPorts.Kind, String> onFirstUse) {
        super(Objects.requireNonNull(shared, "shared backend"));
        if (!CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("a tenant code is 't' and ten of [a-z2-7], got '" + code + "'");
        }
        if (cursorKey.length != 32) {
            throw new IllegalArgumentException("the cursor key must have 32 bytes, got " + cursorKey.length);
        }
        this.code = code;
        this.keyPrefix = code + SEPARATOR;
        this.numberPrefix = code + NUMBER;
        this.cursorKey = new SecretKeySpec(cursorKey, "AES");
        this.reserved = Set.copyOf(reserved);
        this.onCreate = onCreate;
        this.firstUse = new NamedPorts.FirstUse(onFirstUse);
        this.tagsElements = shared.capabilities().nestedDocuments().isPresent();
        this.prefixScans = shared.capabilities().prefixScans();
        this.capabilities = scoped(shared.capabilities());
        this.limits = roomForTheCode(shared.limits());
    }

    /** The store's limits less what the code takes on every partition key. */
    private Limits roomForTheCode(Limits all) {
        int extra = keyPrefix.length();
        try {
            return new Limits(all.maxItemBytes() - extra, all.maxPartitionKeyBytes() - extra, all.maxSortKeyBytes(),
                    all.maxAtomicWriteItems(), all.maxAtomicWriteBytes() - (long) extra * all.maxAtomicWriteItems());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the " + shared.kind() + " store's limits " + all + " leave no room for"
                    + " the tenant's code (" + extra + " bytes on every partition key)", e);
        }
    }

    private Capabilities scoped(Capabilities all) {
        Capabilities.Builder b = Capabilities.builder();
        all.all().stream().filter(c -> !PORTS.contains(c)).forEach(b::with);
        all.nativeIndexes().ifPresent(p -> b.nativeIndexes((read, meter) -> ownResult(read, p.read(scoped(read), meter))));
        all.nativeGeo().ifPresent(p -> b.nativeGeo(new NamedPorts.Geo(p, this::named, firstUse)));
        all.textSearch().ifPresent(p -> b.textSearch(new NamedPorts.Search(p, this::named, firstUse)));
        all.nestedDocuments().ifPresent(p -> b.nestedDocuments((table, list, fields, limit, meter) -> {
            indexed(table); // the table must be the tenant's, declared through this view
            Map<String, Value> ours = new LinkedHashMap<>(fields);
            ours.put(ELEMENT_TENANT, Value.of(code));
            return p.findByElement(table, list, ours, limit, meter).stream().map(this::own).toList();
        }));
        all.linkedReads().ifPresent(p -> b.linkedReads((read, meter) -> p.follow(scoped(read), meter).stream()
                .filter(this::ours).map(i -> own(read.table(), i)).toList()));
        // A shared table's footprint is every tenant's: it would tell one tenant how much the others hold.
        return b.withoutFootprints().build();
    }

    /** The name a geo set or text index of the tenant is kept under. */
    private String named(String name) {
        return code + "_" + name;
    }

    // ---- keys and values, the tenant's way and the store's

    private boolean ours(Item item) {
        return item.key().partition().startsWith(keyPrefix);
    }

    /** Tables keep the tenant's names: they are shared. */
    @Override
    String table(String table) {
        return table;
    }

    @Override
    Key key(String table, Key key) {
        String partition = keyPrefix + key.partition();
        int bytes = Utf8Order.utf8Length(partition);
        if (bytes > shared.limits().maxPartitionKeyBytes()) {
            throw new InvalidKeyException(table, key, "with the tenant's code before it the partition key is " + bytes
                    + " UTF-8 bytes, more than the store's limit of " + shared.limits().maxPartitionKeyBytes());
        }
        return Key.of(partition, key.sort());
    }

    private Key own(Key key) {
        if (!key.partition().startsWith(keyPrefix)) {
            throw new IllegalStateException("the store answered a key of another tenant: " + key.abbreviated());
        }
        return Key.of(key.partition().substring(keyPrefix.length()), key.sort());
    }

    /** The index partition attributes of a table the tenant declared. */
    private Set<String> indexed(String table) {
        TableSpec spec = specs.get(table);
        if (spec == null) {
            throw new TableNotFoundException(table);
        }
        return indexed(spec);
    }

    private static Set<String> indexed(TableSpec spec) {
        Set<String> out = new LinkedHashSet<>();
        spec.indexes().forEach(i -> out.add(i.partitionAttribute()));
        return out;
    }

    /** The stored form of an index partition value: strings and numbers carry the code, other values are kept. */
    private Value stored(Value value) {
        if (value instanceof Value.Str s) {
            return Value.of(keyPrefix + s.value());
        }
        if (value instanceof Value.Num n) {
            return Value.of(numberPrefix + n.value().toString());
        }
        return value;
    }

    /** The value the tenant wrote, from its stored form. */
    private Value written(Value value) {
        if (value instanceof Value.Str s) {
            if (s.value().startsWith(keyPrefix)) {
                return Value.of(s.value().substring(keyPrefix.length()));
            }
            if (s.value().startsWith(numberPrefix)) {
                try {
                    return Value.of(new BigDecimal(s.value().substring(numberPrefix.length())));
                } catch (NumberFormatException writtenElsewhere) {
                    return value;
                }
            }
        }
        return value;
    }

    @Override
    Item stored(String table, Item item) {
        Set<String> indexed = indexed(table);
        Item.Builder b = Item.builder(key(table, item.key()));
        item.attributes().forEach((name, value) -> b.put(name, indexed.contains(name) ? stored(value)
                : tagged(table, item.key(), name, value)));
        Item stored = b.build();
        int bytes = stored.sizeInBytes();
        if (bytes > shared.limits().maxItemBytes()) {
            throw new ItemTooLargeException(table, item.key(), "with the tenant's code on its key and index values the"
                    + " item is " + bytes + " bytes, more than the store's limit of " + shared.limits().maxItemBytes());
        }
        return stored;
    }

    /**
     * A list's elements with the tenant's code in {@link #ELEMENT_TENANT}, where the store answers queries on
     * elements; every other value as it is.
     *
     * @throws InvalidRequestException when an element holds {@link #ELEMENT_TENANT} itself
     */
    private Value tagged(String table, Key key, String name, Value value) {
        if (!tagsElements || !(value instanceof Value.ListValue list)
                || list.value().stream().noneMatch(e -> e instanceof Value.MapValue)) {
            return value;
        }
        List<Value> out = new ArrayList<>(list.value().size());
        for (Value element : list.value()) {
            if (element instanceof Value.MapValue map) {
                if (map.value().containsKey(ELEMENT_TENANT)) {
                    throw new InvalidRequestException(table, key, "an element of '" + name + "' has the field '"
                            + ELEMENT_TENANT + "', which the pool model keeps the tenant's code in for queries on"
                            + " elements; rename the field");
                }
                Map<String, Value> fields = new LinkedHashMap<>(map.value());
                fields.put(ELEMENT_TENANT, Value.of(code));
                out.add(Value.map(fields));
            } else {
                out.add(element);
            }
        }
        return Value.list(out);
    }

    /** A list's elements without the tenant's code, as the tenant wrote them. */
    private static Value untagged(Value value) {
        if (!(value instanceof Value.ListValue list) || list.value().stream()
                .noneMatch(e -> e instanceof Value.MapValue m && m.value().containsKey(ELEMENT_TENANT))) {
            return value;
        }
        List<Value> out = new ArrayList<>(list.value().size());
        for (Value element : list.value()) {
            if (element instanceof Value.MapValue map && map.value().containsKey(ELEMENT_TENANT)) {
                Map<String, Value> fields = new LinkedHashMap<>(map.value());
                fields.remove(ELEMENT_TENANT);
                out.add(Value.map(fields));
            } else {
                out.add(element);
            }
        }
        return Value.list(out);
    }

    /** The item as the tenant wrote it, from its stored form. */
    @Override
    Item own(String table, Item item) {
        Set<String> indexed = indexed(table);
        Map<String, Value> attributes = item.attributes();
        if (!indexed.isEmpty() || tagsElements) {
            attributes = new LinkedHashMap<>(attributes);
            for (String name : indexed) {
                attributes.computeIfPresent(name, (n, v) -> written(v));
            }
            if (tagsElements) {
                attributes.replaceAll((n, v) -> indexed.contains(n) ? v : untagged(v));
            }
        }
        return new Item(own(item.key()), attributes);
    }

    @Override
    Condition stored(String table, Condition condition) {
        if (condition instanceof Condition.AttributeEquals eq) {
            if (indexed(table).contains(eq.name())) {
                return Condition.attributeEquals(eq.name(), stored(eq.value()));
            }
            if (tagsElements) {
                return Condition.attributeEquals(eq.name(), tagged(table, null, eq.name(), eq.value()));
            }
        }
        return condition;
    }

    @Override
    List<UpdateAction> storedActions(Write.Update u) {
        Set<String> indexed = indexed(u.table());
        List<UpdateAction> out = new ArrayList<>(u.actions().size());
        for (UpdateAction a : u.actions()) {
            if (!indexed.contains(a.attribute())) {
                out.add(a instanceof UpdateAction.Set s
                        ? UpdateAction.set(s.attribute(), tagged(u.table(), u.key(), s.attribute(), s.value())) : a);
            } else if (a instanceof UpdateAction.Set s) {
                out.add(UpdateAction.set(s.attribute(), stored(s.value())));
            } else if (a instanceof UpdateAction.Add) {
                throw new InvalidRequestException(u.table(), u.key(), "'" + a.attribute() + "' is the partition"
                        + " attribute of a native index, which the pool model stores as text with the tenant's code,"
                        + " so the store cannot add to it; read it and set it with a condition instead");
            } else {
                out.add(a);
            }
        }
        return out;
    }

    // ---- native indexes and linked reads

    private static TableSpec physical(TableSpec spec) {
        Map<String, Value.Type> declared = new LinkedHashMap<>(spec.declaredAttributes());
        for (String name : indexed(spec)) {
            declared.computeIfPresent(name, (n, t) -> t == Value.Type.NUMBER ? Value.Type.STRING : t);
        }
        return new TableSpec(spec.name(), declared, spec.indexes());
    }

    private IndexRead scoped(IndexRead read) {
        String table = read.tableName();
        return new IndexRead(physical(read.table()), read.index(), stored(read.partitionValue()), read.sortCondition(),
                read.direction(), read.limit(), read.after().map(at -> new IndexPosition(at.sortValue(),
                        key(table, at.key()))));
    }

    private IndexResult ownResult(IndexRead read, IndexResult result) {
        String table = read.tableName();
        List<Item> items = result.items().stream().filter(this::ours).map(i -> own(table, i)).toList();
        return new IndexResult(items, result.next().map(at -> new IndexPosition(at.sortValue(), own(at.key()))));
    }

    private LinkedRead scoped(LinkedRead read) {
        return new LinkedRead(read.table(), key(read.table(), Key.of(read.partition(), "")).partition(),
                read.start(), read.links(), read.targetPrefix(), read.maxDepth());
    }

    // ---- scan tokens, sealed

    /** The store's token, encrypted under the cursor key and bound to the tenant's code. */
    private String seal(String token) {
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, cursorKey, new GCMParameterSpec(128, iv));
            cipher.updateAAD(code.getBytes(StandardCharsets.US_ASCII));
            byte[] sealed = cipher.doFinal(token.getBytes(StandardCharsets.UTF_8));
            return ENC.encodeToString(ByteBuffer.allocate(iv.length + sealed.length).put(iv).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is missing from this JVM", e);
        }
    }

    private String open(String table, String sealed) {
        try {
            byte[] bytes = DEC.decode(sealed);
            if (bytes.length <= IV_BYTES) {
                throw new AEADBadTagException("too short");
            }
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, cursorKey, new GCMParameterSpec(128, bytes, 0, IV_BYTES));
            cipher.updateAAD(code.getBytes(StandardCharsets.US_ASCII));
            return new String(cipher.doFinal(bytes, IV_BYTES, bytes.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (AEADBadTagException | IllegalArgumentException e) {
            throw new InvalidRequestException("the cursor of the scan of '" + table + "' was not issued to this"
                    + " tenant's scan, or is damaged");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is missing from this JVM", e);
        }
    }

    // ---- the backend

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    /** The store's limits less the tenant's code on every partition key (and so on every item and atomic write). */
    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        if (reserved.contains(spec.name())) {
            throw new IllegalArgumentException("table name '" + spec.name() + "' is the tenant registry's, and in the"
                    + " pool model tenants share the store's table names: choose another name");
        }
        Set<String> partitions = indexed(spec);
        for (IndexSpec index : spec.indexes()) {
            index.sortAttribute().filter(partitions::contains).ifPresent(s -> {
                throw new IllegalArgumentException("table '" + spec.name() + "': index '" + index.name() + "' sorts by"
                        + " '" + s + "', the partition attribute of another index, which the pool model stores with"
                        + " the tenant's code; sort by another attribute");
            });
        }
        onCreate.accept(spec);
        shared.createTable(physical(spec), meter);
        specs.put(spec.name(), spec);
    }

    /**
     * Deletes every item of the tenant in the shared table, which stays: a scan of the whole table, each page's
     * items of the tenant deleted in one batch write. Repeatable. The table must have
     * been declared through this view, so that the store knows its indexes when it deletes
     * ({@link Tenants#offboard} declares each table the tenant recorded, with its recorded spec).
     *
     * @throws IllegalStateException when the table was not declared through this view
     */
    @Override
    public void dropTable(String table, CostMeter meter) {
        if (!specs.containsKey(table)) {
            throw new IllegalStateException("in the pool model table '" + table + "' is shared: declare it with"
                    + " createTable before dropping the tenant's items from it, so that the store knows its indexes");
        }
        Optional<String> token = Optional.empty();
        do {
            ScanResult page = physicalScan(new ScanRequest(table, 0, 1, DROP_PAGE, token), meter);
            List<Write> deletes = page.items().stream().filter(this::ours)
                    .<Write>map(i -> Write.delete(table, i.key())).toList();
            if (!deletes.isEmpty()) {
                // one batch per page: the store sends it in as many requests at once as it allows
                shared.writeBatch(deletes, meter);
            }
            token = page.nextToken();
        } while (token.isPresent());
        specs.remove(table);
    }

    /**
     * One page of the shared table's segment, the tenant's items alone, in one request to the store: of the
     * tenant's partitions where the store reads a key prefix, else of the whole table, whose items of other
     * tenants count as read and not returned (the page may then be short or empty while the token goes on).
     */
    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        String table = scan.table();
        ScanResult page = physicalScan(new ScanRequest(table, scan.segment(), scan.totalSegments(), scan.limit(),
                scan.token().map(t -> open(table, t))), meter);
        List<Item> mine;
        if (prefixScans.isPresent()) {
            mine = page.items().stream().map(i -> own(table, i)).toList();
        } else {
            mine = page.items().stream().filter(this::ours).map(i -> own(table, i)).toList();
            meter.extraItemsRead(page.items().size() - mine.size());
        }
        return new ScanResult(mine, page.nextToken().map(this::seal));
    }

    /** A page of the tenant's partitions where the store reads a key prefix, else of the whole shared table. */
    private ScanResult physicalScan(ScanRequest scan, CostMeter meter) {
        return prefixScans.isPresent() ? prefixScans.get().scan(scan, keyPrefix, meter) : shared.scan(scan, meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        List<Write> stored = stored(writes);
        long bytes = stored.stream().mapToLong(w -> w instanceof Write.Put p ? p.item().sizeInBytes() : 0).sum();
        if (bytes > shared.limits().maxAtomicWriteBytes()) {
            Write first = writes.get(0);
            throw new ItemTooLargeException(first.table(), first.key(), "with the tenant's code on keys and index"
                    + " values the atomic write holds " + bytes + " bytes of items, more than the store's limit of "
                    + shared.limits().maxAtomicWriteBytes());
        }
        shared.writeAtomically(stored, meter);
    }

}
