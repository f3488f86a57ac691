package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.tenant.TenancyModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The jobs and the data source inside one tenant of the in-memory store; a main class given a tenant. */
class MemoryTenantJobsTest extends TenantJobsContract {
    @Override
    protected String storeUri() {
        return "memory://spark-tenant-tests-" + System.nanoTime();
    }

    @Test
    void aMainClassGivenATenantWorksInThatTenantAlone() {
        TenantData t = TenantData.of(store, uri, TenancyModel.POOL, false);
        String base = TenantData.name("people");
        List<Item> a = t.fill(t.a, base, 4, 5, 0);
        t.fill(t.b, base, 5, 5, 1);
        Map<String, Map<String, String>> bBefore = t.snapshotB();
        String registry = t.optionsA.registryTable().orElseThrow();
        IndexBackfillMain.main(new String[] {"--uri", uri, "--table", base, "--index", base + "_by_city",
            "--attribute", "city", "--segments", "2", "--tenancy", "POOL", "--tenant", TenantData.A,
            "--registryTable", registry});
        IndexTable ix = IndexTable.builder(t.a).baseTable(base).indexTable(base + "_by_city").attribute("city").build();
        assertTrue(ix.verify().consistent(), ix.verify().toString());
        assertEquals(a.stream().filter(i -> i.has("city")).count(), t.a.scanAll(Scan.of(base + "_by_city")).count());
        assertEquals(bBefore, t.snapshotB());

        IllegalArgumentException noModel = assertThrows(IllegalArgumentException.class, () -> IndexBackfillMain.main(
                new String[] {"--uri", uri, "--table", base, "--index", "x", "--attribute", "city", "--tenant", "acme"}));
        assertTrue(noModel.getMessage().contains("option '--tenancy' (bridge or pool) is required with option"
                + " '--tenant' ('acme')") && noModel.getMessage().contains("usage: "), noModel.getMessage());
    }
}
