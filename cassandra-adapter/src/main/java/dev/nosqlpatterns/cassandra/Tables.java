package dev.nosqlpatterns.cassandra;

import dev.nosqlpatterns.store.model.TableNotFoundException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The logical tables a backend has created or attached to, by name. */
final class Tables {
    private final Map<String, TableInfo> byName = new ConcurrentHashMap<>();

    TableInfo get(String name) {
        TableInfo t = byName.get(name);
        if (t == null) {
            throw new TableNotFoundException(name);
        }
        return t;
    }

    void put(TableInfo table) {
        byName.put(table.name, table);
    }

    void remove(String name) {
        byName.remove(name);
    }
}
