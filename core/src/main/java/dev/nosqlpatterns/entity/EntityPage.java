package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.store.model.Cursor;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of entities found through an index, and the cursor of the next page when there may be more. The
 * cursor is printable, so it can be handed to a client and back; it is bound to the query that issued it.
 *
 * @param items the entities, in the index's order
 * @param next  where the next page starts; empty on the last page
 * @param <T>   the record class
 */
public record EntityPage<T extends Record>(List<T> items, Optional<Cursor> next) {
    public EntityPage {
        items = List.copyOf(Objects.requireNonNull(items, "items must not be null"));
        Objects.requireNonNull(next, "next must not be null (use Optional.empty())");
    }

    /** True when a further page may hold entities. */
    public boolean hasNext() {
        return next.isPresent();
    }
}
