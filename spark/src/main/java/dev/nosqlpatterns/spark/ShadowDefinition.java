package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A shadow table as every executor builds it on the store it opens: the primary table (its store URI,
 * declaration and scan segments), the shadow table's name, and the projection that makes an item's shadow (the
 * same function as the application's {@link ShadowTable#of}, in serializable form).
 */
public final class ShadowDefinition implements Serializable {
    private static final long serialVersionUID = 1L;

    /** An item's shadow (same key; empty: not shadowed), as {@link ShadowTable#of} takes it; must be serializable. */
    @FunctionalInterface
    public interface Projection extends Function<Item, Optional<Item>>, Serializable {
    }

    private final TableOptions primary;
    private final String shadowTable;
    private final Projection projection;

    private ShadowDefinition(TableOptions primary, String shadowTable, Projection projection) {
        this.primary = Objects.requireNonNull(primary, "primary table options must not be null");
        this.shadowTable = TableSpec.checkName(Objects.requireNonNull(shadowTable, "shadow table must not be null"));
        this.projection = Objects.requireNonNull(projection, "projection must not be null");
        if (shadowTable.equals(primary.table())) {
            throw new IllegalArgumentException("the shadow table must differ from the primary table, both are '"
                    + shadowTable + "'");
        }
    }

    /** A shadow of {@code primary} in {@code shadowTable}, made by {@code projection}. */
    public static ShadowDefinition of(TableOptions primary, String shadowTable, Projection projection) {
        return new ShadowDefinition(primary, shadowTable, projection);
    }

    /** A shadow holding only the attributes {@code kept} of each item (as {@link ShadowTable#keeping}). */
    public static ShadowDefinition keeping(TableOptions primary, String shadowTable, List<String> kept) {
        List<String> names = List.copyOf(Objects.requireNonNull(kept, "kept attributes must not be null"));
        return new ShadowDefinition(primary, shadowTable, item -> ShadowTable.keeping(names.toArray(String[]::new))
                .apply(item));
    }

    /** The primary table, with its store URI and how many segments its scans are split into. */
    public TableOptions primary() {
        return primary;
    }

    /** The shadow table's name. */
    public String shadowTable() {
        return shadowTable;
    }

    /** Declares the primary table on {@code store} and opens the shadow table on it (created when absent). */
    public ShadowTable open(Store store) {
        store.createTable(primary.spec());
        return ShadowTable.of(store, primary.table(), shadowTable, projection);
    }

    @Override
    public String toString() {
        return "shadow " + shadowTable + " of " + primary;
    }
}
