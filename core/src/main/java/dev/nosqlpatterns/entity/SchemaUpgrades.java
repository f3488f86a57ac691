package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * The schema version of one entity type and its upgrade steps: how an item written at an older schema version
 * is read (a lazy migration), and the refusal of one written at a newer version.
 */
final class SchemaUpgrades {
    private final String typeName;
    private final int version;
    private final Map<Integer, UnaryOperator<Item>> steps;

    SchemaUpgrades(String typeName, int version, Map<Integer, UnaryOperator<Item>> steps) {
        this.typeName = typeName;
        this.version = version;
        this.steps = Map.copyOf(steps);
    }

    int version() {
        return version;
    }

    /** Adds a problem for each step that does not go from a version below {@code version}. */
    static void check(int version, Set<Integer> from, List<String> problems) {
        for (int v : new TreeSet<>(from)) {
            if (v < 1 || v >= version) {
                problems.add("an upgrade from schema version " + v + " is declared, but the type is at schema "
                        + "version " + version + "; upgrades go from 1 to " + (version - 1));
            }
        }
    }

    /**
     * The item as this version reads it: unchanged when written at this version, upgraded step by step when
     * written at an older one.
     *
     * @throws EntityMappingException naming both versions when the item is newer, or a step is missing
     */
    Item upgraded(Item item) {
        int stored = EntityType.schemaVersionOf(item);
        if (stored == version) {
            return item;
        }
        if (stored > version) {
            throw new EntityMappingException("item " + item.key() + " was written at schema version " + stored
                    + " of entity type '" + typeName + "', which is at schema version " + version
                    + "; read it with the newer type");
        }
        Item at = item;
        for (int v = stored; v < version; v++) {
            UnaryOperator<Item> step = steps.get(v);
            if (step == null) {
                throw new EntityMappingException("item " + item.key() + " was written at schema version " + stored
                        + " of entity type '" + typeName + "', which is at schema version " + version
                        + " and declares no upgrade from version " + v + "; declare one with upgrade(" + v + ", step)");
            }
            Item next = Objects.requireNonNull(step.apply(at), () -> "the upgrade from schema version " + stored
                    + " of '" + typeName + "' returned null");
            at = next.toBuilder().put(EntityType.SCHEMA_VERSION_ATTRIBUTE, v + 1L).build();
        }
        return at;
    }
}
