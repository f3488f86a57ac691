package dev.nosqlpatterns.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.ForwardingCapabilities;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import dev.nosqlpatterns.store.spi.NativeIndexes;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TenantsTest {
    private static List<String> owners(IndexTable ix, String value) {
        return ix.find(value).stream().map(i -> i.getString("owner").orElseThrow()).toList();
    }

    private static IndexTable byCity(Store on) {
        on.createTable(TableSpec.named("people"));
        return IndexTable.builder(on).baseTable("people").indexTable("byCity").attribute("city").build();
    }

    private static void put(IndexTable ix, String owner) {
        ix.put(Item.builder(Key.of("user|1", "<BASE>")).put("owner", owner).put("city", "Oslo").build());
    }

    @Test
    void bridgeTenantsWithTheSameKeysSeeTheirOwnItems() {
        try (Store store = Store.of(new MemoryBackend())) {
            Tenants tenants = Tenants.builder(store).build();
            put(byCity(tenants.forTenant("a")), "a");
            put(byCity(tenants.forTenant("a_")), "a_");
            assertEquals(List.of("a"), owners(byCity(tenants.forTenant("a")), "Oslo"));
            assertEquals(List.of("a_"), owners(byCity(tenants.forTenant("a_")), "Oslo"));
            assertSame(tenants.forTenant("a"), tenants.forTenant("a"));
            assertEquals(Set.of("a", "a_"), tenants.tenantIds());
            assertEquals(List.of("byCity", "people"), tenants.tablesOf("a"));
        }
    }

    /** The check the kit's isolation suite makes fails when two tenants' names are not told apart. */
    @Test
    void aViewThatDropsTheTenantFromItsNamesIsCaught() {
        try (Store store = Store.of(new MemoryBackend())) {
            Store a = store.view(b -> new TenantBackend(b, "x_", table -> { }, (kind, name) -> { }));
            Store broken = store.view(b -> new TenantBackend(b, "x_", table -> { }, (kind, name) -> { }));
            put(byCity(a), "a");
            put(byCity(broken), "b");
            assertNotEquals(List.of("a"), owners(byCity(a), "Oslo"));
        }
    }

    private static final byte[] CURSOR_KEY = new byte[32];

    private static Tenants pool(Store store) {
        return Tenants.builder(store).model(TenancyModel.POOL).handleLease(java.time.Duration.ofMillis(20)).build();
    }

    @Test
    void poolTenantsWithTheSameKeysShareTablesAndSeeTheirOwnItems() {
        try (Store store = Store.of(new MemoryBackend())) {
            Tenants tenants = pool(store);
            put(byCity(tenants.forTenant("a")), "a");
            put(byCity(tenants.forTenant("a_")), "a_");
            assertEquals(List.of("a"), owners(byCity(tenants.forTenant("a")), "Oslo"));
            assertEquals(List.of("a_"), owners(byCity(tenants.forTenant("a_")), "Oslo"));
            assertEquals(List.of("byCity", "people"), tenants.tablesOf("a"));
            for (String t : List.of("a", "a_")) {
                List<Item> seen = tenants.forTenant(t).scanAll(Scan.of("people")).toList();
                assertEquals(List.of(Key.of("user|1", "<BASE>")), seen.stream().map(Item::key).toList());
                assertEquals(Optional.of(t), seen.get(0).getString("owner"));
            }
            store.createTable(TableSpec.named("people"));
            assertEquals(Set.of(tenants.codeOf("a").orElseThrow() + "#user|1",
                    tenants.codeOf("a_").orElseThrow() + "#user|1"),
                    Set.copyOf(store.scanAll(Scan.of("people")).map(i -> i.key().partition()).toList()),
                    "one physical table holds both tenants, each key led by the tenant's code");
        }
    }

    /** The check the kit's isolation suite makes fails when two tenants' keys are not told apart. */
    @Test
    void aPoolViewThatGivesTwoTenantsOneCodeIsCaught() {
        try (Store store = Store.of(new MemoryBackend())) {
            Store a = store.view(b -> new PoolBackend(b, "taaaaaaaaaa", CURSOR_KEY, Set.of(), table -> { },
                    (kind, name) -> { }));
            Store other = store.view(b -> new PoolBackend(b, "tbbbbbbbbbb", CURSOR_KEY, Set.of(), table -> { },
                    (kind, name) -> { }));
            Store broken = store.view(b -> new PoolBackend(b, "taaaaaaaaaa", CURSOR_KEY, Set.of(), table -> { },
                    (kind, name) -> { }));
            put(byCity(a), "a");
            put(byCity(other), "b");
            assertEquals(List.of("a"), owners(byCity(a), "Oslo"), "tenants with codes of their own");
            put(byCity(broken), "c");
            assertNotEquals(List.of("a"), owners(byCity(a), "Oslo"));
            assertNotEquals(5, a.scanAll(Scan.of("people")).count());
            assertEquals(List.of("c"), a.scanAll(Scan.of("people")).map(i -> i.getString("owner").orElseThrow())
                    .toList(), "a scan answers the item another tenant wrote under the same code");
        }
    }

    @Test
    void poolScansReadEveryTenantsItemsAndAnswerTheTenantsPagesWithSealedCursors() {
        MemoryBackend memory = new MemoryBackend();
        // a store that cannot scan a key prefix, as DynamoDB and Cassandra cannot
        StoreBackend hashed = new dev.nosqlpatterns.store.ForwardingCapabilities(memory,
                memory.capabilities().toBuilder().withoutPrefixScans().build());
        try (Store store = Store.of(hashed)) {
            Tenants tenants = pool(store);
            for (String t : List.of("a", "b")) {
                Store on = tenants.forTenant(t);
                on.createTable(TableSpec.named("users"));
                for (int i = 0; i < 4; i++) {
                    on.put("users", Item.builder("user|" + i, "<BASE>").put("owner", t).build());
                }
            }
            Store a = tenants.forTenant("a");
            Scan scan = Scan.of("users").limit(1);
            List<Item> seen = new ArrayList<>();
            boolean emptyPageGoingOn = false;
            Page page = a.scan(scan);
            while (true) {
                seen.addAll(page.items());
                emptyPageGoingOn |= page.items().isEmpty() && page.next().isPresent();
                if (page.next().isEmpty()) {
                    break;
                }
                Scan next = scan.after(page.next().get());
                String token = page.next().get().token();
                String payload = new String(Base64.getUrlDecoder().decode(token.substring(token.lastIndexOf('.') + 1)),
                        StandardCharsets.UTF_8);
                assertFalse(payload.contains("user|"), "a cursor shows a key: " + payload);
                InvalidRequestException foreign = assertThrows(InvalidRequestException.class,
                        () -> tenants.forTenant("b").scan(next));
                assertTrue(foreign.getMessage().contains("not issued to this tenant"), foreign.getMessage());
                page = a.scan(next);
            }
            assertEquals(4, seen.size());
            seen.forEach(i -> assertEquals(Optional.of("a"), i.getString("owner"), "scan answered " + i));
            assertTrue(emptyPageGoingOn, "a page of another tenant's items comes back empty and the scan goes on");
            long[] read = {0};
            a.measure(c -> read[0] += c.itemsRead(), () -> a.scanAll(Scan.of("users")).count());
            assertEquals(8, read[0], "a scan reads the other tenant's items too, and counts them");
        }
    }

    @Test
    void poolScansReadTheTenantsPartitionsAloneWhereTheStoreScansAKeyPrefix() {
        try (Store store = Store.of(new MemoryBackend())) {
            Tenants tenants = pool(store);
            for (String t : List.of("a", "b")) {
                Store on = tenants.forTenant(t);
                on.createTable(TableSpec.named("users"));
                for (int i = 0; i < 4; i++) {
                    on.put("users", Item.builder("user|" + i, "<BASE>").put("owner", t).build());
                }
            }
            Store a = tenants.forTenant("a");
            Page page = a.scan(Scan.of("users").limit(1));
            List<Item> seen = new ArrayList<>(page.items());
            while (page.next().isPresent()) {
                assertEquals(1, page.items().size(), "every page is full: nothing is left out after the read");
                page = a.scan(Scan.of("users").limit(1).after(page.next().get()));
                seen.addAll(page.items());
            }
            assertEquals(List.of("a", "a", "a", "a"), seen.stream().map(i -> i.getString("owner").orElseThrow())
                    .toList());
            long[] read = {0};
            a.measure(c -> read[0] += c.itemsRead(), () -> a.scanAll(Scan.of("users")).count());
            assertEquals(4, read[0], "a scan reads the tenant's items alone");
        }
    }

    /** A native index port over the memory store: items holding the value, by sort value then key. */
    private static NativeIndexes scanningIndexes(MemoryBackend memory, List<IndexRead> handed) {
        return (read, meter) -> {
            handed.add(read);
            meter.roundTrip();
            IndexSpec index = read.index();
            Comparator<Item> order = Comparator.comparing((Item i) -> index.sortAttribute().flatMap(i::getString)
                    .orElse("")).thenComparing(i -> i.key().partition()).thenComparing(i -> i.key().sort());
            List<Item> all = memory.scan(new ScanRequest(read.tableName(), 0, 1, 100_000, Optional.empty()), meter)
                    .items().stream().filter(i -> read.partitionValue().equals(i.attributes().get(index.partitionAttribute())))
                    .sorted(order).toList();
            List<Item> page = new ArrayList<>();
            for (Item item : all) {
                if (read.after().isPresent() && order.compare(item, read.after().get().asItem(index,
                        read.partitionValue())) <= 0) {
                    continue;
                }
                if (page.size() == read.limit()) {
                    return new IndexResult(page, Optional.of(IndexPosition.of(index, page.get(page.size() - 1))));
                }
                page.add(item);
            }
            return IndexResult.last(page);
        };
    }

    @Test
    void poolNativeIndexesLookUpTheTenantsValuesAndGiveNumbersBack() {
        MemoryBackend memory = new MemoryBackend();
        List<IndexRead> handed = new ArrayList<>();
        try (Store store = Store.of(new ForwardingCapabilities(memory, memory.capabilities().toBuilder()
                .nativeIndexes(scanningIndexes(memory, handed)).build()))) {
            Tenants tenants = pool(store);
            TableSpec members = TableSpec.builder("members").attribute("rank", Value.Type.NUMBER)
                    .index(IndexSpec.of("byCity", "city")).index(IndexSpec.of("byRank", "rank")).build();
            for (String t : List.of("a", "b")) {
                Store on = tenants.forTenant(t);
                on.createTable(members);
                for (int i = 0; i < 5; i++) {
                    on.put("members", Item.builder("user|" + i, "<BASE>").put("owner", t).put("city", "Oslo")
                            .put("rank", i).build());
                }
                on.put("members", Item.builder("odd", "<BASE>").put("owner", t).put("city", "2").build());
            }
            Store a = tenants.forTenant("a");
            String code = tenants.codeOf("a").orElseThrow();
            List<Item> oslo = new ArrayList<>();
            IndexQuery query = IndexQuery.of("members", "byCity", Value.of("Oslo")).limit(2);
            Page page = a.queryIndex(query);
            oslo.addAll(page.items());
            while (page.next().isPresent()) {
                page = a.queryIndex(query.after(page.next().get()));
                oslo.addAll(page.items());
            }
            assertEquals(5, oslo.size(), "paged by cursor: " + oslo);
            oslo.forEach(i -> assertEquals(Optional.of("a"), i.getString("owner")));
            assertTrue(handed.stream().anyMatch(r -> r.after().map(p -> p.key().partition().startsWith(code + "#"))
                    .orElse(false)), "the store resumes after the tenant's own key");
            List<Item> ranked = a.queryIndex(IndexQuery.of("members", "byRank", Value.of(2))).items();
            assertEquals(1, ranked.size());
            assertEquals(Optional.of(Value.of(2)), ranked.get(0).get("rank"), "a number comes back a number");
            assertEquals(Key.of("user|2", "<BASE>"), ranked.get(0).key());
            IndexRead last = handed.get(handed.size() - 1);
            assertEquals(Value.of(code + "=2"), last.partitionValue());
            assertEquals(Value.Type.STRING, last.table().declaredAttributes().get("rank"));
            assertEquals(List.of(Key.of("odd", "<BASE>")), a.queryIndex(IndexQuery.of("members", "byCity",
                    Value.of("2"))).items().stream().map(Item::key).toList(), "the string \"2\" is not the number 2");
            assertEquals(Optional.of(Value.of(2)), a.get("members", Key.of("user|2", "<BASE>")).orElseThrow().get("rank"));

            Key two = Key.of("user|2", "<BASE>");
            a.put(Write.put("members", Item.builder(two).put("owner", "a").put("city", "Rome").put("rank", 7).build())
                    .when(Condition.attributeEquals("city", Value.of("Oslo"))));
            assertThrows(ConditionFailedException.class, () -> a.update(Write.update("members", two,
                    UpdateAction.set("owner", Value.of("x"))).when(Condition.attributeEquals("rank", Value.of(2)))));
            Item after = a.update(Write.update("members", two, UpdateAction.set("rank", Value.of(8)))
                    .when(Condition.attributeEquals("rank", Value.of(7))));
            assertEquals(Optional.of(Value.of(8)), after.get("rank"));
            assertEquals(Optional.of("Rome"), after.getString("city"));
            assertEquals(1, a.queryIndex(IndexQuery.of("members", "byRank", Value.of(8))).items().size());
            assertEquals(0, tenants.forTenant("b").queryIndex(IndexQuery.of("members", "byRank", Value.of(8)))
                    .items().size());
            InvalidRequestException add = assertThrows(InvalidRequestException.class,
                    () -> a.update("members", two, UpdateAction.add("rank", 1)));
            assertTrue(add.getMessage().contains("'rank'") && add.getMessage().contains("set it"), add.getMessage());
        }
    }

    @Test
    void poolKeysLeaveRoomForTheCodeAndTheRegistryNameIsTaken() {
        try (Store store = Store.of(new MemoryBackend())) {
            Tenants tenants = pool(store);
            Store a = tenants.forTenant("a");
            int room = store.limits().maxPartitionKeyBytes() - 12;
            assertEquals(room, a.limits().maxPartitionKeyBytes());
            a.createTable(TableSpec.named("t"));
            a.put("t", Item.builder("p".repeat(room), "s").build());
            assertEquals(1, a.scanAll(Scan.of("t")).count());
            InvalidKeyException tooLong = assertThrows(InvalidKeyException.class,
                    () -> a.put("t", Item.builder("q".repeat(room + 1), "s").build()));
            assertTrue(tooLong.getMessage().contains("table 't'") && tooLong.getMessage().contains("qqqq"),
                    tooLong.getMessage());
            IllegalArgumentException registry = assertThrows(IllegalArgumentException.class,
                    () -> a.createTable(TableSpec.named("tenantRegistry")));
            assertTrue(registry.getMessage().contains("registry"), registry.getMessage());
            IllegalArgumentException silos = assertThrows(IllegalArgumentException.class, () -> Tenants.builder(store)
                    .model(TenancyModel.POOL).silos(id -> store).build());
            assertTrue(silos.getMessage().contains("SILO model only"), silos.getMessage());
        }
    }

    @Test
    void poolViewsFollowLinksInTheTenantsPartitionAndDropNestedQueriesAndFootprints() {
        try (Store store = Store.of(new MemoryBackend())) {
            Tenants tenants = pool(store);
            LinkedRead tree = LinkedRead.of("tree", "root", List.of("n|a"), "kids", "n|", 3);
            for (String t : List.of("a", "b")) {
                Store on = tenants.forTenant(t);
                on.createTable(TableSpec.named("tree"));
                on.put("tree", Item.builder("root", "n|a").put("owner", t).put("kids", t).build());
                on.put("tree", Item.builder("root", tree.targetOf(t)).put("owner", t).build());
            }
            Store a = tenants.forTenant("a");
            assertTrue(a.has(Capability.NATIVE_LINKED_READS));
            List<Item> reached = a.follow(tree);
            assertEquals(2, reached.size(), "reached " + reached);
            reached.forEach(i -> assertEquals(Optional.of("a"), i.getString("owner")));
            assertFalse(a.has(Capability.NESTED_DOCUMENTS));
            assertTrue(a.maintenance().footprint("tree").isEmpty(), "a shared table's footprint is not the tenant's");
            assertTrue(store.capabilities().containsAll(a.capabilities().stream()
                    .filter(c -> c != Capability.NESTED_DOCUMENTS).toList()));
        }
    }

    /**
     * The memory backend as a store in another process sees it: a table is known once declared there, closing
     * leaves the data, and each call to the backend goes through {@code before} first.
     */
    private static StoreBackend process(MemoryBackend memory, List<TableSpec> declared,
                                        java.util.function.Consumer<String> before) {
        Set<String> known = java.util.concurrent.ConcurrentHashMap.newKeySet();
        StoreBackend plain = (StoreBackend) Proxy.newProxyInstance(TenantsTest.class.getClassLoader(),
                new Class<?>[] {StoreBackend.class}, (proxy, method, args) -> {
                    before.accept(method.getName());
                    if (method.getName().equals("close")) {
                        return null; // the data outlives the process
                    }
                    if (method.getName().equals("createTable")) {
                        declared.add((TableSpec) args[0]);
                        known.add(((TableSpec) args[0]).name());
                    }
                    if (method.getName().equals("scan") && !known.contains(((ScanRequest) args[0]).table())) {
                        throw new dev.nosqlpatterns.store.model.TableNotFoundException(((ScanRequest) args[0]).table());
                    }
                    try {
                        return method.invoke(memory, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        return new ForwardingCapabilities(plain, memory.capabilities().toBuilder()
                .nativeIndexes(scanningIndexes(memory, new ArrayList<>())).build());
    }

    @Test
    void poolOffboardingDeletesTheTenantsItemsFromTheSharedTablesAndNothingElseEvenAfterACrash() {
        Limits small = new Limits(Limits.PORTABLE.maxItemBytes(), Limits.PORTABLE.maxPartitionKeyBytes(),
                Limits.PORTABLE.maxSortKeyBytes(), 10, Limits.PORTABLE.maxAtomicWriteBytes());
        MemoryBackend memory = new MemoryBackend(small);
        AtomicInteger batchesLeft = new AtomicInteger(Integer.MAX_VALUE);
        TableSpec members = TableSpec.builder("members").attribute("rank", Value.Type.NUMBER)
                .index(IndexSpec.of("byRank", "rank")).build();
        try (Store store = Store.of(process(memory, new ArrayList<>(), call -> {
            if (call.equals("writeBatch") && batchesLeft.getAndDecrement() <= 0) {
                throw new IllegalStateException("crash");
            }
        }))) {
            Tenants tenants = pool(store);
            for (String t : List.of("a", "b")) {
                Store on = tenants.forTenant(t);
                IndexTable byCity = byCity(on);
                for (int i = 0; i < 1200; i++) {
                    byCity.put(Item.builder(Key.of("user|" + i, "<BASE>")).put("owner", t).put("city", "Oslo").build());
                }
                on.createTable(members);
                on.put("members", Item.builder("user|1", "<BASE>").put("owner", t).put("rank", 1).build());
            }
            batchesLeft.set(1);
            assertThrows(IllegalStateException.class, () -> tenants.offboard("a"));
            assertTrue(tenants.tenantIds().contains("a"), "a crashed off-boarding keeps the tenant registered");
        }
        // Another process, whose store has declared no table yet, goes on where the crashed one stopped.
        List<TableSpec> declared = new ArrayList<>();
        try (Store store = Store.of(process(memory, declared, call -> { }))) {
            Tenants tenants = pool(store);
            String a = tenants.codeOf("a").orElseThrow() + "#";
            String b = tenants.codeOf("b").orElseThrow() + "#";
            tenants.offboard("a");
            tenants.offboard("a");
            assertTrue(declared.contains(new TableSpec("members", Map.of("rank", Value.Type.STRING),
                    members.indexes())), "the shared table declared with the spec the tenant recorded: " + declared);
            assertEquals(List.of(), tenants.tablesOf("a"));
            assertFalse(tenants.tenantIds().contains("a"));
            for (String table : List.of("people", "byCity", "members")) {
                store.createTable(TableSpec.named(table));
                List<String> partitions = store.scanAll(Scan.of(table)).map(i -> i.key().partition()).toList();
                assertEquals(0, partitions.stream().filter(p -> p.startsWith(a)).count(), "left of a in " + table);
                assertTrue(partitions.stream().anyMatch(p -> p.startsWith(b)), "b's items in " + table);
            }
            IndexTable byCity = byCity(tenants.forTenant("b"));
            assertEquals(1200, owners(byCity, "Oslo").stream().filter("b"::equals).count());
            assertTrue(byCity.verify().consistent(), byCity.verify().toString());
            Store again = tenants.forTenant("a");
            again.createTable(TableSpec.named("people"));
            assertEquals(0, again.scanAll(Scan.of("people")).count(),
                    "the tenant registered again sees nothing of before");
            IllegalStateException undeclared = assertThrows(IllegalStateException.class,
                    () -> again.dropTable("byCity"));
            assertTrue(undeclared.getMessage().contains("declare it"), undeclared.getMessage());
        }
    }

    @Test
    void siloTenantsGetStoresOfTheirOwn() {
        Map<String, Store> silos = new HashMap<>();
        try (Store control = Store.of(new MemoryBackend())) {
            Tenants tenants = Tenants.builder(control).model(TenancyModel.SILO).handleLease(java.time.Duration.ofMillis(20))
                    .silos(id -> silos.computeIfAbsent(id, i -> Store.of(new MemoryBackend()))).build();
            put(byCity(tenants.forTenant("a")), "a");
            put(byCity(tenants.forTenant("b")), "b");
            assertEquals(List.of("a"), owners(byCity(tenants.forTenant("a")), "Oslo"));
            silos.get("b").createTable(TableSpec.named("people"));
            assertEquals(1, silos.get("b").scanAll(Scan.of("people")).count(), "silo keeps its own names");
            tenants.offboard("a");
            silos.get("a").createTable(TableSpec.named("people"));
            assertEquals(0, silos.get("a").scanAll(Scan.of("people")).count(), "off-boarding left items");
            assertEquals(List.of("b"), owners(byCity(tenants.forTenant("b")), "Oslo"));
        } finally {
            silos.values().forEach(Store::close);
        }
    }

    @Test
    void codesAreTableNamePrefixesThatDifferPerTenantAndAttempt() {
        String code = Tenants.code("ac|me\\:\u00e9", 0);
        assertTrue(code.matches("t[a-z2-7]{10}"), code);
        assertEquals(code, Tenants.code("ac|me\\:\u00e9", 0));
        assertNotEquals(code, Tenants.code("ac|me\\:\u00e9", 1));
        assertNotEquals(code, Tenants.code("ac|me\\:\u00e8", 0));
    }

    @Test
    void badSettingsAndIdsAreRefusedWithTheReason() {
        try (Store store = Store.of(new MemoryBackend())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Tenants.builder(store).model(TenancyModel.SILO).registryTable("1bad").build());
            assertTrue(e.getMessage().contains("silos(function)") && e.getMessage().contains("registryTable"),
                    e.getMessage());
            IllegalArgumentException rate = assertThrows(IllegalArgumentException.class,
                    () -> Tenants.builder(store).rateLimit(-1).build());
            assertTrue(rate.getMessage().contains("rateLimit"), rate.getMessage());
            Tenants limited = Tenants.builder(store).rateLimit(1_000_000).build();
            put(byCity(limited.forTenant("a")), "a");
            assertEquals(List.of("a"), owners(byCity(limited.forTenant("a")), "Oslo"));
            Tenants tenants = Tenants.builder(store).build();
            assertThrows(IllegalArgumentException.class, () -> tenants.forTenant(""));
            IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                    () -> tenants.forTenant("a").createTable(TableSpec.named("x".repeat(40))));
            assertTrue(tooLong.getMessage().contains("at most 36"), tooLong.getMessage());
        }
    }
}
