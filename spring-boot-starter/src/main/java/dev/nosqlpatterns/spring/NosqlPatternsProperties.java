package dev.nosqlpatterns.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code nosqlpatterns.*} settings: where the store is, what its health check reads, and whether its
 * calls are observed.
 *
 * @param store       the store to open
 * @param health      the health check
 * @param observation the Micrometer observation of the store's calls
 */
@ConfigurationProperties("nosqlpatterns")
public record NosqlPatternsProperties(@DefaultValue StoreSettings store, @DefaultValue HealthSettings health,
                                      @DefaultValue ObservationSettings observation,
                                      @DefaultValue TenancySettings tenancy) {

    /**
     * The store to open.
     *
     * @param uri the store's URI, e.g. {@code redis://localhost:6379}, {@code dynamodb://localhost:8000},
     *            {@code mongodb://localhost/app}, {@code cassandra://localhost:9042/app}, {@code lucene:/var/index}
     *            or {@code memory:}; when unset, the store is built from a client bean of the application
     *            (a {@code DynamoDbClient}, {@code CqlSession}, {@code MongoClient}, {@code UnifiedJedis},
     *            or Lucene {@code IndexWriter})
     * @param namespace the Cassandra keyspace (when the session has none) or the MongoDB database of a store
     *            built from a client bean
     */
    public record StoreSettings(String uri, @DefaultValue("nosqlpatterns") String namespace) {
    }

    /**
     * The health check.
     *
     * @param table the logical table the health check declares and reads one absent key of
     */
    public record HealthSettings(@DefaultValue("nosqlpatterns_health") String table) {
    }

    /**
     * The Micrometer observation of the store's calls.
     *
     * @param enabled whether every store call and technique call of the store is observed and metered, when
     *                the nosqlpatterns-micrometer module is on the class path and the application has an
     *                {@code ObservationRegistry} or a {@code MeterRegistry}
     */
    public record ObservationSettings(@DefaultValue("true") boolean enabled) {
    }

    /**
     * Many tenants in the store ({@code dev.nosqlpatterns.tenant.Tenants}).
     *
     * @param model         {@code bridge} (tables of its own per tenant in the shared store), {@code pool} (tables
     *                      shared by every tenant, its code leading every key) or any other model
     *                      {@code TenancyModel} names that needs no more than the store; unset: no tenancy
     * @param header        the request header a servlet application's requests name their tenant in
     * @param registryTable the table of the store that keeps the tenants' registry
     * @param handleLease   how often a tenant's handle reads its registration again, so that it stops writing once
     *                      the tenant was off-boarded by another instance; off-boarding waits this long before it
     *                      removes the tenant's data. Every instance sharing the registry must use the same value
     */
    public record TenancySettings(String model, @DefaultValue("X-Tenant-Id") String header,
                                  @DefaultValue("tenantRegistry") String registryTable,
                                  @DefaultValue("30s") java.time.Duration handleLease) {
    }
}
