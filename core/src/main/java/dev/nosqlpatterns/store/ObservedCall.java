package dev.nosqlpatterns.store;

import java.util.Objects;

/**
 * What a {@link CallObserver} is told when a call starts: what kind of call it is, the access pattern's name,
 * the table and the store. All of these are few in number, fit to name metrics and spans by.
 *
 * @param kind      a store call or a technique call
 * @param name      the access pattern: for a store call the {@code Store} operation (as in
 *                  {@link dev.nosqlpatterns.store.model.OperationCost#operation()}, e.g. {@code query},
 *                  {@code get}, {@code writeBatch}), for a technique call a stable name such as
 *                  {@code indexTable.find} or {@code geo.withinRadius}
 * @param table     the logical table (for a technique, the table it is built on), {@code "*"} when the call
 *                  spans tables
 * @param storeKind the store behind, as {@link Store#kind()}, e.g. {@code memory} or {@code dynamodb}
 * @param tenant    the tenant whose store handle made the call ({@link Store#tenant()}), empty without tenants;
 *                  as many values as tenants, so a metrics binding should bound it
 */
public record ObservedCall(Kind kind, String name, String table, String storeKind, String tenant) {
    public ObservedCall {
        Objects.requireNonNull(tenant, "tenant must not be null (empty for none)");
        Objects.requireNonNull(kind, "kind must not be null");
        Objects.requireNonNull(name, "name must not be null");
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(storeKind, "storeKind must not be null");
    }

    /** A call made without a tenant. */
    public ObservedCall(Kind kind, String name, String table, String storeKind) {
        this(kind, name, table, storeKind, "");
    }

    /** The two kinds of call a store reports to its observers. */
    public enum Kind {
        /** One {@code Store} method call that reaches the store. */
        STORE,
        /** One entry point of a technique, made of store calls. */
        TECHNIQUE
    }
}
