package dev.nosqlpatterns.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The data source {@code nosqlpatterns}: any logical table of any store that {@code Stores.open} opens, as a
 * Dataset, read in parallel (one task per scan segment, or per partition key when the key is filtered on)
 * and written in bounded batches.
 *
 * <pre>{@code
 * Dataset<Row> orders = spark.read().format("nosqlpatterns")
 *         .option("uri", "redis://db:6379").option("table", "orders")
 *         .option("attributes", "status:STRING,total:NUMBER").option("segments", "16").load();
 * orders.where("pk = 'customer-7' AND sk >= '2024-'").show();      // one query, not a scan
 * orders.write().format("nosqlpatterns").option("uri", "...").option("table", "copy").mode("append").save();
 * }</pre>
 *
 * <p>See {@link TableOptions} for the options and {@link Rows} for the columns. With the options {@code tenancy}
 * ({@code bridge} or {@code pool}), {@code tenant} and, when not the default, {@code registryTable}, a read or write
 * reaches one tenant's table of a shared store and nothing of another tenant's ({@link TenantOptions}):
 *
 * <pre>{@code
 * spark.read().format("nosqlpatterns").option("uri", "redis://db:6379").option("table", "orders")
 *         .option("tenancy", "pool").option("tenant", "acme").load();
 * }</pre>
 */
public final class StoreDataSource implements TableProvider, DataSourceRegister {
    /** The name to give {@code format(...)}. */
    public static final String NAME = "nosqlpatterns";

    @Override
    public String shortName() {
        return NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return Rows.schema(TableOptions.parse(options).declared());
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new StoreTable(TableOptions.parse(properties));
    }
}
