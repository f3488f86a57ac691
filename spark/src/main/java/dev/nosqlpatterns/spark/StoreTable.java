package dev.nosqlpatterns.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** One logical table of a store, readable and writable; see {@link StoreDataSource}. */
final class StoreTable implements SupportsRead, SupportsWrite {
    private final TableOptions options;

    StoreTable(TableOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return options.table();
    }

    @Override
    @SuppressWarnings("deprecation") // Spark derives columns() from it
    public StructType schema() {
        return Rows.schema(options.declared());
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.ACCEPT_ANY_SCHEMA);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        return new StoreScanBuilder(options);
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        StructType schema = info.schema();
        return new WriteBuilder() {
            @Override
            public org.apache.spark.sql.connector.write.Write build() {
                return new StoreWrite(options, schema, StoreWrite.window(info.options()));
            }
        };
    }
}
