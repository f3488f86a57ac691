package dev.nosqlpatterns.spark;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.StringStartsWith;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Plans a read: equality (or {@code IN}) on {@code pk} turns the scan into one store query per partition key,
 * and a comparison or prefix on {@code sk} narrows those queries. Every filter is still evaluated by Spark
 * after the read, so a pushed condition only has to select a superset of the rows.
 */
final class StoreScanBuilder implements ScanBuilder, SupportsPushDownFilters, Scan, Batch {
    private final TableOptions options;
    private final List<Filter> pushed = new ArrayList<>();
    private Set<String> partitionKeys;
    private String skEqual;
    private String skPrefix;
    private String low;
    private boolean lowInclusive;
    private String high;
    private boolean highInclusive;

    StoreScanBuilder(TableOptions options) {
        this.options = options;
    }

    @Override
    public Filter[] pushFilters(Filter[] filters) {
        for (Filter f : filters) {
            if (pushPartitionKey(f) || pushSortKey(f)) {
                pushed.add(f);
            }
        }
        return filters;
    }

    private boolean pushPartitionKey(Filter f) {
        Set<String> keys = null;
        if (f instanceof EqualTo e && e.attribute().equals(Rows.PK) && e.value() instanceof String v) {
            keys = Set.of(v);
        } else if (f instanceof EqualNullSafe e && e.attribute().equals(Rows.PK) && e.value() instanceof String v) {
            keys = Set.of(v);
        } else if (f instanceof In in && in.attribute().equals(Rows.PK)) {
            keys = new LinkedHashSet<>();
            for (Object v : in.values()) {
                if (v instanceof String s) {
                    keys.add(s);
                } else if (v != null) {
                    return false;
                }
            }
        }
        if (keys == null) {
            return false;
        }
        if (partitionKeys == null) {
            partitionKeys = new LinkedHashSet<>(keys);
        } else {
            partitionKeys.retainAll(keys);
        }
        return true;
    }

    private boolean pushSortKey(Filter f) {
        if (f instanceof EqualTo e && e.attribute().equals(Rows.SK) && e.value() instanceof String v) {
            skEqual = v;
        } else if (f instanceof StringStartsWith s && s.attribute().equals(Rows.SK)) {
            skPrefix = s.value();
        } else if (f instanceof GreaterThan g && g.attribute().equals(Rows.SK) && g.value() instanceof String v) {
            lower(v, false);
        } else if (f instanceof GreaterThanOrEqual g && g.attribute().equals(Rows.SK) && g.value() instanceof String v) {
            lower(v, true);
        } else if (f instanceof LessThan l && l.attribute().equals(Rows.SK) && l.value() instanceof String v) {
            upper(v, false);
        } else if (f instanceof LessThanOrEqual l && l.attribute().equals(Rows.SK) && l.value() instanceof String v) {
            upper(v, true);
        } else {
            return false;
        }
        return true;
    }

    private void lower(String v, boolean inclusive) {
        int c = low == null ? 1 : compare(v, low);
        if (c > 0 || (c == 0 && !inclusive)) {
            low = v;
            lowInclusive = inclusive;
        }
    }

    private void upper(String v, boolean inclusive) {
        int c = high == null ? -1 : compare(v, high);
        if (c < 0 || (c == 0 && !inclusive)) {
            high = v;
            highInclusive = inclusive;
        }
    }

    /** UTF-8 byte order, the order of sort keys in every store and of strings in Spark. */
    private static int compare(String a, String b) {
        return UTF8String.fromString(a).compareTo(UTF8String.fromString(b));
    }

    @Override
    public Filter[] pushedFilters() {
        return pushed.toArray(Filter[]::new);
    }

    @Override
    public Scan build() {
        return this;
    }

    @Override
    public StructType readSchema() {
        return Rows.schema(options.declared());
    }

    @Override
    public String description() {
        return "nosqlpatterns " + options.table() + (partitionKeys == null ? " scan in " + options.segments()
                + " segments" : " query of partitions " + partitionKeys) + (pushed.isEmpty() ? "" : ", pushed " + pushed);
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        List<InputPartition> out = new ArrayList<>();
        if (partitionKeys == null) {
            for (int s = 0; s < options.segments(); s++) {
                out.add(StorePartition.segment(s));
            }
            return out.toArray(InputPartition[]::new);
        }
        String kind;
        String a = null;
        String b = null;
        if (skEqual != null) {
            kind = "eq";
            a = skEqual;
        } else if (skPrefix != null) {
            kind = "prefix";
            a = skPrefix;
        } else if (low != null && high != null) {
            if (compare(low, high) > 0) {
                return new InputPartition[0];
            }
            kind = "between";
            a = low;
            b = high;
        } else if (low != null) {
            kind = lowInclusive ? "ge" : "gt";
            a = low;
        } else if (high != null) {
            kind = highInclusive ? "le" : "lt";
            b = high;
        } else {
            kind = null;
        }
        for (String pk : partitionKeys) {
            if (!pk.isEmpty()) {
                out.add(new StorePartition(-1, pk, kind, a, b));
            }
        }
        return out.toArray(InputPartition[]::new);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new Readers(options);
    }

    /** Sent to the executors: opens a reader per input partition. */
    private record Readers(TableOptions options) implements PartitionReaderFactory {
        @Override
        public PartitionReader<InternalRow> createReader(InputPartition partition) {
            return new StoreReader(options, (StorePartition) partition);
        }
    }
}
