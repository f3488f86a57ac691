package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.store.Store;
import java.io.Serializable;
import java.util.Objects;

/**
 * An index table as every executor builds it on the store it opens: the base table (its store URI, declaration
 * and scan segments), the index table's name, and how the index is configured (the same settings as the
 * application's {@code IndexTable.builder}, in a serializable function).
 */
public final class IndexDefinition implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The settings of an {@link IndexTable.Builder} beyond its tables; must be serializable (a lambda will do). */
    @FunctionalInterface
    public interface Settings extends Serializable {
        /** Applies the settings, e.g. {@code b -> b.attribute("city").unique(true)}. */
        IndexTable.Builder apply(IndexTable.Builder builder);
    }

    private final TableOptions base;
    private final String indexTable;
    private final Settings settings;

    private IndexDefinition(TableOptions base, String indexTable, Settings settings) {
        this.base = Objects.requireNonNull(base, "base table options must not be null");
        this.indexTable = Objects.requireNonNull(indexTable, "index table must not be null");
        this.settings = Objects.requireNonNull(settings, "settings must not be null");
    }

    /** An index of {@code base} in {@code indexTable}, configured by {@code settings}. */
    public static IndexDefinition of(TableOptions base, String indexTable, Settings settings) {
        return new IndexDefinition(base, indexTable, settings);
    }

    /** An index of the string attribute {@code attribute} of {@code base}, unique or not. */
    public static IndexDefinition onAttribute(TableOptions base, String indexTable, String attribute, boolean unique) {
        Objects.requireNonNull(attribute, "attribute must not be null");
        return new IndexDefinition(base, indexTable, b -> b.attribute(attribute).unique(unique));
    }

    /** The base table, with its store URI and how many segments its scans are split into. */
    public TableOptions base() {
        return base;
    }

    /** The index table's name. */
    public String indexTable() {
        return indexTable;
    }

    /** Declares the base table on {@code store} and builds the index on it. */
    public IndexTable open(Store store) {
        store.createTable(base.spec());
        return settings.apply(IndexTable.builder(store).baseTable(base.table()).indexTable(indexTable)).build();
    }

    @Override
    public String toString() {
        return "index " + indexTable + " of " + base;
    }
}
