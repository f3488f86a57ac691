package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.tenant.TenancyModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** The tenant options of the data source and the main classes, checked before any store is opened. */
class TenantOptionsTest {
    private static Map<String, String> options(String... keysAndValues) {
        Map<String, String> o = new HashMap<>(Map.of("uri", "memory://tenant-options", "table", "people"));
        for (int i = 0; i < keysAndValues.length; i += 2) {
            o.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return o;
    }

    private static String refused(String... keysAndValues) {
        return assertThrows(IllegalArgumentException.class, () -> TableOptions.parse(options(keysAndValues)))
                .getMessage();
    }

    @Test
    void tenantOptionsAreReadWithoutCaseAndKeptThroughCopies() {
        assertEquals(Optional.empty(), TableOptions.parse(options()).tenant());
        TableOptions pooled = TableOptions.parse(options("TENANCY", "Pool", "tenant", "Acme", "REGISTRYTABLE", "reg"));
        TenantOptions expected = TenantOptions.of(TenancyModel.POOL, "Acme").registryTable("reg");
        assertEquals(Optional.of(expected), pooled.tenant());
        assertEquals(Optional.of(expected), pooled.segments(7).batchSize(3).tenant());
        assertEquals(pooled.tenant(), TableOptions.parse(pooled.asMap()).tenant());
        TenantOptions bridged = TableOptions.parse(options("tenancy", "bridge", "tenant", " a b ")).tenant().orElseThrow();
        assertEquals(List.of(TenancyModel.BRIDGE, " a b ", Optional.empty()),
                List.of(bridged.model(), bridged.tenantId(), bridged.registryTable()));
        assertThrows(IllegalStateException.class, () -> pooled.open());
    }

    @Test
    void badTenantOptionsAreRefusedNamingTheValue() {
        assertEquals("option 'tenancy': unknown tenancy model 'mall' (bridge or pool)",
                refused("tenancy", "mall", "tenant", "acme"));
        assertEquals("option 'tenancy': unknown tenancy model '' (bridge or pool)", refused("tenancy", "", "tenant", "a"));
        assertTrue(refused("tenancy", "silo", "tenant", "acme").contains("'silo' means a store of its own per tenant:"
                + " give the tenant's store URI in option 'uri'"));
        assertEquals("option 'tenant': a tenant id has 1 to 256 characters, got 0 ('')",
                refused("tenancy", "pool", "tenant", ""));
        assertEquals("option 'tenant': a tenant id has 1 to 256 characters, got 257",
                refused("tenancy", "pool", "tenant", "x".repeat(257)));
        assertEquals("option 'tenancy' (bridge or pool) is required with option 'tenant' ('acme')",
                refused("tenant", "acme"));
        assertEquals("option 'tenancy' (bridge or pool) is required with option 'registryTable' ('reg')",
                refused("registryTable", "reg"));
        assertEquals("option 'tenant' (the tenant's id) is required with option 'tenancy' ('bridge')",
                refused("tenancy", "bridge"));
        assertTrue(refused("tenancy", "pool", "tenant", "acme", "registryTable", "no such name!")
                .startsWith("option 'registryTable' ('no such name!'): "));
        assertThrows(IllegalArgumentException.class, () -> TenantOptions.of(TenancyModel.SILO, "acme"));
    }

    @Test
    void theDataSourceRefusesBadTenantOptionsBeforeReadingOrWriting() {
        SparkSession spark = TestSpark.session();
        IllegalArgumentException read = assertThrows(IllegalArgumentException.class, () -> spark.read()
                .format(StoreDataSource.NAME).options(options("tenancy", "mall", "tenant", "acme")).load());
        assertEquals("option 'tenancy': unknown tenancy model 'mall' (bridge or pool)", read.getMessage());
        IllegalArgumentException write = assertThrows(IllegalArgumentException.class, () -> spark.sql(
                "SELECT 'k' AS pk, 's' AS sk").write().format(StoreDataSource.NAME).options(options("tenant", ""))
                .mode("append").save());
        assertEquals("option 'tenancy' (bridge or pool) is required with option 'tenant' ('')", write.getMessage());
    }
}
