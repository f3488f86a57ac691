package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.tenant.TenancyModel;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The tenancy family at tiny sizes on the in-memory store: every model measured on every step with checked answers,
 * stored bytes measured through the tenants' handles, the report's tenancy section; a tenant's data reached by
 * another tenant's read, and an offboarding that leaves tables behind, failing their cells.
 */
class TenancyFamilyTest {
    private static final int TENANTS = 3;
    private static final int ITEMS = 120;
    private static final int ONBOARDED = 200;

    @Test
    void everyModelIsMeasuredOnEveryStepAndReported() {
        TenancyFamily family = new TenancyFamily(TENANTS, ITEMS, ONBOARDED);
        List<CellResult> cells = new ArrayList<>();
        try (Store store = Store.of(new MemoryBackend())) {
            List<Family.Candidate> candidates = family.candidates(store, "memory:", new Family.Tables("ten"),
                    Settings.Mode.QUICK);
            assertEquals(TenancyModel.values().length * 5, candidates.size(), "five steps per model");
            assertEquals(TenancyFamily.techniques(), candidates.stream().map(Family.Candidate::technique).distinct().toList());
            Harness harness = new Harness(1);
            for (Family.Candidate c : candidates) {
                assertTrue(c.skipReason().isEmpty(), c.technique() + " runs on the memory store");
                CellSpec spec = c.setUp().get();
                Harness.Measured m = harness.measure(store, spec);
                StoredBytes stored = spec.isWrite() ? StoredBytes.none(StoredBytes.NOT_APPLICABLE) : spec.stored();
                cells.add(CellResult.measured(family.name(), c.workload(), "memory", c.technique(), m.stats(),
                        m.costs().withStored(stored)));
            }
            Map<String, String> notes = family.notes();
            assertTrue(notes.get(TenancyFamily.SIZES).startsWith("3 tenants of 120 items"), notes.toString());
            assertEquals("an in-memory store of its own per tenant", notes.get("silo"));
            assertTrue(notes.get("bridge").contains("under the tenant's code"), notes.toString());
            List<Report.Note> reportNotes = notes.entrySet().stream()
                    .map(e -> new Report.Note("tenancy", "memory", e.getKey(), e.getValue())).toList();
            family.close();

            Set<String> workloads = cells.stream().map(CellResult::workload).collect(Collectors.toSet());
            assertEquals(Set.of(TenancyFamily.GET, TenancyFamily.LOOKUP, TenancyFamily.SCAN, "onboard a tenant of 200 items",
                    "offboard a tenant of 200 items"), workloads);
            for (CellResult c : cells) {
                CellResult.Costs k = c.costs().orElseThrow();
                assertTrue(k.roundTripsPerOp() >= 1, c + " went through the store's metering");
                TenancyFamily.Step step = TenancyFamily.Step.of(c.workload()).orElseThrow();
                if (step.read()) {
                    assertTrue(k.stored().known() && k.stored().bytes() > TENANTS * ITEMS * 20L,
                            "the tenants' tables occupy their items and entries: " + k.stored());
                    assertEquals(TENANTS * ITEMS * TenancyFamily.item("tenant-0", 1).sizeInBytes(),
                            k.storageBytes(), 10.0 * TENANTS * ITEMS, "logical bytes written");
                } else {
                    assertEquals(ONBOARDED, k.itemsPerOp(), "items per second counts the tenant's items");
                }
                if (step == TenancyFamily.Step.SCAN_PAGE) {
                    // the pool's too: the memory store scans the tenant's key prefix of the shared table
                    assertEquals(1.0, k.readAmplification(), 1e-9, "a page reads the tenant's own items ("
                            + c.technique() + ")");
                }
            }
            // a silo's calls reach the runner's cost listeners as a bridge tenant's do
            double siloGet = cells.stream().filter(c -> c.technique().equals("silo") && c.workload().equals(TenancyFamily.GET))
                    .findFirst().orElseThrow().costs().orElseThrow().roundTripsPerOp();
            assertEquals(1.0, siloGet, 1e-9);

            Report report = new Report(new Settings(Settings.Mode.QUICK, 1, List.of("memory"), List.of("tenancy"),
                    java.nio.file.Path.of("x")), Map.of(), List.of(new Report.StoreInfo("memory", "embedded", "", "")),
                    cells, reportNotes, Instant.EPOCH, Duration.ZERO);
            String section = MarkdownReport.tenancy(report);
            assertTrue(section.contains("## Tenancy: the models side by side"), section);
            assertTrue(section.contains("| memory | silo | an in-memory store of its own per tenant |"), section);
            Recommendations.TenancyPick pick = Recommendations.tenancy(report, "memory").orElseThrow();
            assertTrue(TenancyFamily.techniques().contains(pick.model()));
            assertTrue(section.contains("| memory | **" + pick.model() + "** | " + pick.reason()), section);
            assertTrue(pick.reason().contains("onboarding: ") && pick.reason().contains("offboarding: ")
                    && pick.reason().contains("stored: "), pick.reason());
            assertTrue(MarkdownReport.render(report).contains("## Tenancy: the models side by side"));
            assertTrue(HtmlReport.render(report).contains("<h2>Tenancy: the models side by side</h2>"), "in both reports");
        } finally {
            family.close();
        }
    }

    @Test
    void anotherTenantsItemFailsTheRead() {
        TenancyFamily family = new TenancyFamily(TENANTS, ITEMS, ONBOARDED);
        try (Store store = Store.of(new MemoryBackend())) {
            List<Family.Candidate> candidates = family.candidates(store, "memory:", new Family.Tables("leak"),
                    Settings.Mode.QUICK);
            for (String model : TenancyFamily.techniques()) {
                CellSpec get = cell(candidates, TenancyFamily.GET, model);
                new Harness(1).measure(store, get);
                // the item tenant 0's first get reads, as if tenant 1's had reached it
                Store tenant0 = family.handle(model, 0);
                tenant0.put(family.itemsTable(model), TenancyFamily.item("tenant-1", 0));
                WrongAnswerException e = assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(store, get));
                assertTrue(e.getMessage().contains("item-000000 of tenant-1"), e.getMessage());
                assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(store,
                        cell(candidates, TenancyFamily.LOOKUP, model)), "the lookup of city 0 finds it too");
                assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(store,
                        cell(candidates, TenancyFamily.SCAN, model)), "so does a scan page");
            }
        } finally {
            family.close();
        }
    }

    @Test
    void anOffboardingThatLeavesTablesFailsItsCell() {
        TenancyFamily family = new TenancyFamily(TENANTS, ITEMS, ONBOARDED);
        try (Store real = Store.of(new MemoryBackend())) {
            // a store that ignores drops: the bridge model keeps every tenant's tables in it
            Store ignoringDrops = real.view(b -> (StoreBackend) Proxy.newProxyInstance(StoreBackend.class.getClassLoader(),
                    new Class<?>[] {StoreBackend.class}, (proxy, method, args) -> {
                        if (method.getName().equals("dropTable")) {
                            return null;
                        }
                        try {
                            return method.invoke(b, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }));
            List<Family.Candidate> candidates = family.candidates(ignoringDrops, "memory:", new Family.Tables("drop"),
                    Settings.Mode.QUICK);
            CellSpec onboard = cell(candidates, "onboard a tenant of 200 items", "bridge");
            new Harness(1).measure(ignoringDrops, onboard);
            WrongAnswerException e = assertThrows(WrongAnswerException.class, () -> new Harness(1).measure(ignoringDrops,
                    cell(candidates, "offboard a tenant of 200 items", "bridge")));
            assertTrue(e.getMessage().contains("items left 200"), e.getMessage());
            // the silos are stores of their own, which drop their tables
            new Harness(1).measure(ignoringDrops, cell(candidates, "onboard a tenant of 200 items", "silo"));
            new Harness(1).measure(ignoringDrops, cell(candidates, "offboard a tenant of 200 items", "silo"));
        } finally {
            family.close();
        }
    }

    @Test
    void aSiloIsANamespaceOfItsOwnOnEachStore() {
        assertEquals("memory:", address("memory:", "ns"));
        assertEquals("lucene:memory", address("lucene:memory", "ns"));
        assertEquals("lucene:/data/ix-ns?commit=write", address("lucene:/data/ix?commit=write", "ns"));
        assertEquals("dynamodb://127.0.0.1:8000?table=ns", address("dynamodb://127.0.0.1:8000", "ns"));
        assertEquals("dynamodb://h:1?region=x&table=ns", address("dynamodb://h:1?region=x&table=shared", "ns"));
        assertEquals("dynamodb://h:1?tablePrefix=app_ns_", address("dynamodb://h:1?tablePrefix=app_", "ns"));
        assertEquals("cassandra://127.0.0.1:9042/ns?datacenter=dc1&consistency=ONE",
                address("cassandra://127.0.0.1:9042/bench?datacenter=dc1&consistency=ONE", "ns"));
        assertEquals("mongodb://h1:1,h2:2/ns?replicaSet=r", address("mongodb://h1:1,h2:2/bench?replicaSet=r", "ns"));
        assertEquals("mongodb://h:1/ns", address("mongodb://h:1", "ns"));
        assertEquals("redis://127.0.0.1:6379?prefix=nsp%3Ans%3A", address("redis://127.0.0.1:6379", "ns"));
        assertEquals("redis://h:1/0?timeoutMs=5&prefix=app%3Ans%3A", address("redis://h:1/0?prefix=app:&timeoutMs=5", "ns"));
        assertTrue(TenancyFamily.SiloAddresses.of("oracle://h").isEmpty(), "no way known: the silo cells are skipped");
        assertTrue(TenancyFamily.SiloAddresses.of("cassandra://h/k").orElseThrow().description().contains("keyspace"));
    }

    @Test
    void theModelRecommendedOnAStoreFollowsItsFigures() {
        List<CellResult> cells = new ArrayList<>();
        // on redis bridge reads faster; on mongodb silo reads faster, bridge onboards faster
        for (String store : List.of("redis", "mongodb")) {
            double bridge = store.equals("redis") ? 100 : 300;
            cells.add(ReportCells.read("tenancy", TenancyFamily.GET, store, "bridge", bridge, 1, 1, 1, false, 5_000, "x"));
            cells.add(ReportCells.read("tenancy", TenancyFamily.GET, store, "silo", 200, 1, 1, 1, false, 4_000, "x"));
            cells.add(ReportCells.read("tenancy", TenancyFamily.SCAN, store, "bridge", bridge, 1, 1, 1, false, 5_000, "x"));
            cells.add(ReportCells.read("tenancy", TenancyFamily.SCAN, store, "silo", 200, 1, 1, 1, false, 4_000, "x"));
            cells.add(ReportCells.write("tenancy", TenancyFamily.onboard(10), store, "bridge", 1_000, 5, 2, 1));
            cells.add(ReportCells.write("tenancy", TenancyFamily.onboard(10), store, "silo", 5_000, 5, 2, 1));
        }
        Report report = ReportCells.report(cells, "redis", "", "mongodb", "");
        Recommendations.TenancyPick a = Recommendations.tenancy(report, "redis").orElseThrow();
        Recommendations.TenancyPick b = Recommendations.tenancy(report, "mongodb").orElseThrow();
        assertEquals("bridge", a.model(), a.reason());
        assertEquals("silo", b.model(), b.reason());
        assertTrue(b.reason().startsWith("picked for 2 of the 2 reads through a tenant's handle (get, scan page)")
                && b.reason().contains("onboarding: bridge (1.0 ms vs 5.0 ms for silo)")
                && b.reason().contains("stored: bridge 5 KB, silo 4 KB"), b.reason());
        assertTrue(Recommendations.tenancy(report, "lucene").isEmpty(), "nothing measured there");
        assertFalse(a.reason().contains("items per item returned"), "its scans read what they return: " + a.reason());
    }

    @Test
    void aPickWhoseScansReadOtherTenantsItemsSaysSoAndNamesTheLeanerModel() {
        List<CellResult> cells = new ArrayList<>();
        cells.add(ReportCells.read("tenancy", TenancyFamily.GET, "cassandra", "pool", 100, 1, 1, 1, false, 5_000, "x"));
        cells.add(ReportCells.read("tenancy", TenancyFamily.GET, "cassandra", "bridge", 200, 1, 1, 1, false, 5_000, "x"));
        cells.add(ReportCells.read("tenancy", TenancyFamily.SCAN, "cassandra", "pool", 100, 1, 3, 1, false, 5_000, "x"));
        cells.add(ReportCells.read("tenancy", TenancyFamily.SCAN, "cassandra", "bridge", 200, 1, 1, 1, false, 5_000, "x"));
        Recommendations.TenancyPick pick = Recommendations.tenancy(ReportCells.report(cells, "cassandra", ""),
                "cassandra").orElseThrow();
        assertEquals("pool", pick.model(), pick.reason());
        assertTrue(pick.reason().contains("but its scan page read 3 items per item returned")
                && pick.reason().contains("bridge reads 1, better for large tenants"), pick.reason());
    }

    private static String address(String runner, String namespace) {
        return TenancyFamily.SiloAddresses.of(runner).orElseThrow().address(namespace);
    }

    private static CellSpec cell(List<Family.Candidate> candidates, String workload, String technique) {
        return candidates.stream().filter(c -> c.workload().equals(workload) && c.technique().equals(technique))
                .findFirst().orElseThrow().setUp().get();
    }
}
