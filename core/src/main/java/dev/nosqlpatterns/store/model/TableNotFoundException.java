package dev.nosqlpatterns.store.model;

/** A logical table used before {@code Store.createTable} declared it on this store. */
public class TableNotFoundException extends StoreException {
    public TableNotFoundException(String table) {
        super("table '" + table + "' is not declared on this store: call store.createTable(TableSpec.named(\""
                + table + "\")) first", table, null, null);
    }
}
