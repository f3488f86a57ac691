package dev.nosqlpatterns.observed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.composite.CompositeIndex;
import dev.nosqlpatterns.denormalize.CopyRule;
import dev.nosqlpatterns.denormalize.Denormalizer;
import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.RepairCursor;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.relation.AdjacencyList;
import dev.nosqlpatterns.relation.Joins;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.item.Value;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every public call of the index, composite, relation and denormalization techniques is a technique call. */
class IndexTechniqueCallsTest {
    private static final String FACTORY = "construction: checks its settings and declares tables, no access pattern";
    private static final String ACCESSOR = "an accessor of the technique's settings, no store call";

    private static Item user(String id, String email) {
        return Item.builder("user|" + id, "<BASE>").put("name", id).put("email", email).build();
    }

    private static Store store(String... tables) {
        Store store = Store.of(new MemoryBackend());
        for (String t : tables) {
            store.createTable(TableSpec.named(t));
        }
        return store;
    }

    @Test
    void indexTable() {
        try (Store store = store("users")) {
            IndexTable byEmail = IndexTable.builder(store).baseTable("users").indexTable("users_by_email")
                    .attribute("email").unique(true).build();
            EntryPoints calls = new EntryPoints(store, IndexTable.class)
                    .exempt("builder(Store)", FACTORY)
                    .exempt("baseTable()", ACCESSOR).exempt("indexTable()", ACCESSOR).exempt("consistency()", ACCESSOR)
                    .exempt("valueOf(Item)", "a pure function of the item, no store call")
                    .exempt("batchAudit(boolean)", "opens an audit; its calls are checked in indexTableBatchAudit")
                    .exempt("backfillAudit()", "opens an audit; its calls are checked in indexTableBatchAudit");
            calls.succeeds("put(Item)", "indexTable.put", () -> byEmail.put(user("ada", "ada@example.com")));
            calls.conflicts("put(Item)", "indexTable.put", UniqueConstraintException.class,
                    () -> byEmail.put(user("eve", "ada@example.com")));
            assertEquals(1, calls.succeeds("find(String)", "indexTable.find", () -> byEmail.find("ada@example.com"))
                    .size());
            calls.succeeds("find(String,int,Cursor)", "indexTable.find", () -> byEmail.find("ada@example.com", 10, null));
            assertTrue(calls.succeeds("findUnique(String)", "indexTable.findUnique",
                    () -> byEmail.findUnique("ada@example.com")).isPresent());
            calls.succeeds("verify()", "indexTable.verify", byEmail::verify);
            calls.succeeds("repair()", "indexTable.repair", byEmail::repair);
            calls.succeeds("auditPage(RepairCursor,int,boolean)", "indexTable.verify",
                    () -> byEmail.auditPage(RepairCursor.start(), 10, false));
            calls.runs("delete(Key)", "indexTable.delete", () -> byEmail.delete(Key.of("user|ada", "<BASE>")));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void indexTableBatchAudit() {
        try (Store store = store("users")) {
            IndexTable byEmail = IndexTable.builder(store).baseTable("users").indexTable("users_by_email")
                    .attribute("email").build();
            byEmail.put(user("ada", "ada@example.com"));
            EntryPoints calls = new EntryPoints(store, IndexTable.BatchAudit.class)
                    .exempt("entriesDue(List)", "tallies the entries given items must have, with no store call")
                    .exempt("entriesHeld(List)", "tallies the entries it is given, with no store call");
            IndexTable.BatchAudit audit = byEmail.batchAudit(true);
            calls.succeeds("checkItems(List)", "indexTable.repair",
                    () -> audit.checkItems(store.scanAll(Scan.of("users")).toList()));
            calls.succeeds("checkEntries(List)", "indexTable.repair",
                    () -> audit.checkEntries(store.scanAll(Scan.of("users_by_email")).toList()));
            IndexTable.BatchAudit backfill = byEmail.backfillAudit();
            calls.succeeds("checkItems(List)", "indexTable.repair",
                    () -> backfill.checkItems(store.scanAll(Scan.of("users")).toList()));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void indexGroup() {
        try (Store store = store("users")) {
            IndexTable byEmail = IndexTable.builder(store).baseTable("users").indexTable("users_by_email")
                    .attribute("email").unique(true).build();
            IndexGroup group = IndexGroup.of(List.of(byEmail));
            EntryPoints calls = new EntryPoints(store, IndexGroup.class)
                    .exempt("of(List)", FACTORY).exempt("withoutIndexes(Store,String)", FACTORY)
                    .exempt("check(Item)", "checks an item's input as a put would, with no store call")
                    .exempt("batch()", "opens a batch; its write is one indexGroup.putAll, checked below");
            Key ada = Key.of("user|ada", "<BASE>");
            calls.succeeds("insert(Item)", "indexGroup.insert", () -> group.insert(user("ada", "ada@example.com")));
            calls.conflicts("insert(Item)", "indexGroup.insert", ConditionFailedException.class,
                    () -> group.insert(user("ada", "other@example.com")));
            calls.succeeds("put(Item)", "indexGroup.put", () -> group.put(user("bob", "bob@example.com")));
            calls.conflicts("put(Item)", "indexGroup.put", UniqueConstraintException.class,
                    () -> group.put(user("eve", "ada@example.com")));
            assertTrue(calls.succeeds("update(Key,Predicate,UnaryOperator)", "indexGroup.update",
                    () -> group.update(ada, i -> true, i -> i.toBuilder().put("name", "Ada").build())).isPresent());
            calls.succeeds("compute(Key,Function)", "indexGroup.compute",
                    () -> group.compute(ada, old -> old.orElseThrow().toBuilder().put("name", "ADA").build()));
            assertTrue(calls.succeeds("delete(Key,Predicate)", "indexGroup.delete", () -> group.delete(ada, i -> true)));
            calls.runs("putAll(List)", "indexGroup.putAll",
                    () -> group.putAll(List.of(user("cy", "cy@example.com"), user("di", "di@example.com"))));
            IndexGroup.Batch batch = group.batch().put(user("fay", "fay@example.com"));
            assertTrue(batch.size() == 1, "the batch holds the item until written");
            calls.runs("putAll(List)", "indexGroup.putAll", batch::write);
            assertTrue(batch.size() == 0 && store.get("users", Key.of("user|fay", "<BASE>")).isPresent(),
                    "the batch is written and emptied");
            calls.runs("replaceAll(List)", "indexGroup.replaceAll", () -> group.replaceAll(List.of(user("ed", "ed@x.org"))));
            Item ed = store.get("users", Key.of("user|ed", "<BASE>")).orElseThrow();
            assertTrue(calls.succeeds("updateAll(List)", "indexGroup.updateAll",
                    () -> group.updateAll(List.of(ed.toBuilder().put("name", "Ed").build()))).isEmpty(),
                    "an item at the version it was made from is written");
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void compositeIndex() {
        try (Store store = store()) {
            CompositeIndex index = CompositeIndex.create(store, "sales", 1, SegmentType.STRING, SegmentType.STRING);
            EntryPoints calls = new EntryPoints(store, CompositeIndex.class)
                    .exempt("create(Store,String,int,SegmentType[])", FACTORY);
            calls.runs("put(List,Map)", "compositeIndex.put", () -> index.put(List.of("uk", "london"),
                    Map.of("n", Value.of(1))));
            calls.runs("put(List)", "compositeIndex.put", () -> index.put(List.of("uk", "leeds")));
            assertEquals(2, calls.succeeds("query(List,boolean,int,Optional)", "compositeIndex.query",
                    () -> index.query(List.of("uk"), false, 10, Optional.empty())).entries().size());
            assertEquals(2, calls.succeeds("queryAll(List,boolean)", "compositeIndex.queryAll",
                    () -> index.queryAll(List.of("uk"), true)).count());
            calls.runs("remove(List)", "compositeIndex.remove", () -> index.remove(List.of("uk", "leeds")));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void adjacencyList() {
        try (Store store = store("follows")) {
            AdjacencyList follows = AdjacencyList.directed(store, "follows", "follows");
            EntryPoints calls = new EntryPoints(store, AdjacencyList.class)
                    .exempt("directed(Store,String,String)", FACTORY).exempt("symmetric(Store,String,String)", FACTORY);
            calls.runs("link(String,String,Map)", "adjacencyList.link",
                    () -> follows.link("ada", "bob", Map.of("since", Value.of(2020))));
            calls.runs("link(String,String)", "adjacencyList.link", () -> follows.link("ada", "cy"));
            assertEquals(List.of("bob", "cy"), calls.succeeds("targets(String)", "adjacencyList.targets",
                    () -> follows.targets("ada")));
            assertEquals(List.of("ada"), calls.succeeds("sources(String)", "adjacencyList.sources",
                    () -> follows.sources("bob")));
            assertTrue(calls.succeeds("attributes(String,String)", "adjacencyList.attributes",
                    () -> follows.attributes("ada", "bob")).isPresent());
            calls.runs("unlink(String,String)", "adjacencyList.unlink", () -> follows.unlink("ada", "cy"));
            calls.succeeds("repair()", "adjacencyList.repair", follows::repair);
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void joins() {
        try (Store store = store("users", "teams")) {
            store.put("users", user("ada", "ada@example.com"));
            store.put("teams", Item.builder("team|core", "<BASE>").put("members", Value.stringSet("ada", "zed")).build());
            Joins joins = new Joins(store);
            EntryPoints calls = new EntryPoints(store, Joins.class);
            Key ada = Key.of("user|ada", "<BASE>");
            assertEquals(List.of(ada), calls.succeeds("resolve(String,List)", "join.resolve",
                    () -> joins.resolve("users", List.of(ada, Key.of("user|zed", "<BASE>")))).found().stream()
                    .map(Item::key).toList());
            Item team = store.get("teams", Key.of("team|core", "<BASE>")).orElseThrow();
            assertEquals(1, calls.succeeds("resolveSets(List,String,String,Function)", "join.resolveSets",
                    () -> joins.resolveSets(List.of(team), "members", "users", id -> Key.of("user|" + id, "<BASE>")))
                    .get(team.key()).missing().size());
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void denormalizer() {
        try (Store store = store("providers", "articles")) {
            CopyRule rule = new CopyRule("providers", "<BASE>", "name", "articles", "providerId", "providerName",
                    "articles_by_provider");
            Denormalizer copies = Denormalizer.of(store, List.of(rule));
            EntryPoints calls = new EntryPoints(store, Denormalizer.class)
                    .exempt("of(Store,List)", FACTORY)
                    .exempt("visible(String,Item)", "a pure function of the item and the clock, no store call");
            Item bbc = Item.builder("provider|bbc", "<BASE>").put("name", "BBC").build();
            calls.succeeds("putSource(String,Item)", "denormalizer.putSource", () -> copies.putSource("providers", bbc));
            Item article = Item.builder("article|1", "<BASE>").put("providerId", "provider|bbc").build();
            assertEquals(Optional.of("BBC"), calls.succeeds("putTarget(String,Item)", "denormalizer.putTarget",
                    () -> copies.putTarget("articles", article)).getString("providerName"));
            Item second = Item.builder("article|2", "<BASE>").put("providerId", "provider|bbc").build();
            calls.runs("putTargets(String,List)", "denormalizer.putTargets",
                    () -> copies.putTargets("articles", List.of(second)));
            calls.succeeds("getTarget(String,Key)", "denormalizer.getTarget",
                    () -> copies.getTarget("articles", article.key()));
            calls.succeeds("verify(CopyRule)", "denormalizer.verify", () -> copies.verify(rule));
            calls.succeeds("repair(CopyRule)", "denormalizer.repair", () -> copies.repair(rule));
            assertEquals(2, calls.succeeds("deleteSource(String,Key)", "denormalizer.deleteSource",
                    () -> copies.deleteSource("providers", bbc.key())));
            calls.assertEveryOneChecked();
        }
    }
}
