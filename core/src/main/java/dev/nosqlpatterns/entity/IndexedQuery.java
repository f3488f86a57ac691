package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.Page;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A query on one declared index of an entity type, from {@code repository.query(type, "byCity")}: give the
 * value with {@link #eq}, then read {@link #page(int) a page}, a lazily paged {@link #stream()}, or
 * {@link #one()} entity of a unique index. Entities come in the index's order: by its sort template, then by
 * their keys. Immutable: each call returns a new query.
 *
 * <pre>{@code
 * EntityPage<User> first = repo.query(users, "byCity").eq("London").page(50);
 * EntityPage<User> second = repo.query(users, "byCity").eq("London").page(50, first.next().orElseThrow());
 * Optional<User> ada = repo.query(users, "byEmail").eq("ada@example.com").one();
 * }</pre>
 *
 * @param <T> the record class
 */
public final class IndexedQuery<T extends Record> {
    private static final int STREAM_PAGE = 100;

    private final Store store;
    private final EntityType<T> type;
    private final IndexKeys keys;
    private final Supplier<IndexTable> reader;
    private final String value;

    IndexedQuery(Store store, EntityType<T> type, IndexKeys keys, Supplier<IndexTable> reader) {
        this(store, type, keys, reader, null);
    }

    private IndexedQuery(Store store, EntityType<T> type, IndexKeys keys, Supplier<IndexTable> reader, String value) {
        this.store = store;
        this.type = type;
        this.keys = keys;
        this.reader = reader;
        this.value = value;
    }

    /**
     * The query for the entities whose index components have these values, one per placeholder of the index's
     * template in order (e.g. {@code eq("London")} for {@code {city}}), each of its component's type.
     *
     * @throws IllegalArgumentException naming the index's placeholders when the count or a type is wrong
     */
    public IndexedQuery<T> eq(Object... values) {
        Objects.requireNonNull(values, "values are null");
        List<String> placeholders = keys.placeholders();
        if (values.length != placeholders.size()) {
            throw new IllegalArgumentException("index '" + keys.index().name() + "' of entity type '" + type.name()
                    + "' takes " + placeholders.size() + " value(s), for " + placeholders + "; got " + values.length);
        }
        Map<String, Object> named = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            named.put(placeholders.get(i), values[i]);
        }
        return where(named);
    }

    /** The query for the entities whose index components have these values, by placeholder name. */
    public IndexedQuery<T> where(Map<String, ?> values) {
        Objects.requireNonNull(values, "values are null");
        return new IndexedQuery<>(store, type, keys, reader, keys.value(values));
    }

    /** The first page of at most {@code size} entities. */
    public EntityPage<T> page(int size) {
        return read(size, null);
    }

    /**
     * The page of at most {@code size} entities after {@code after}, the cursor of an earlier page of this
     * same query.
     *
     * @throws dev.nosqlpatterns.store.model.InvalidRequestException when the cursor came from another query
     */
    public EntityPage<T> page(int size, Cursor after) {
        return read(size, Objects.requireNonNull(after, "cursor is null: use page(size) for the first page"));
    }

    /**
     * The page of at most {@code size} entities after {@code after} when it is present, else the first page: the
     * one call a paging loop needs, {@code page = q.page(50, page.next())}.
     */
    public EntityPage<T> page(int size, Optional<Cursor> after) {
        Objects.requireNonNull(after, "cursor is null: pass Optional.empty() for the first page");
        return read(size, after.orElse(null));
    }

    /**
     * The pages of at most {@code size} entities each, the first to the last, each read when the iterator reaches
     * it: for an application that hands each page (and its cursor) on as it comes.
     */
    public Iterator<EntityPage<T>> pages(int size) {
        checkValue();
        checkSize(size);
        return new Iterator<>() {
            private Optional<Cursor> next = Optional.empty();
            private boolean started;

            @Override
            public boolean hasNext() {
                return !started || next.isPresent();
            }

            @Override
            public EntityPage<T> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                EntityPage<T> page = read(size, next.orElse(null));
                started = true;
                next = page.next();
                return page;
            }
        };
    }

    /** Every matching entity, read page by page as the stream is consumed. */
    public Stream<T> stream() {
        checkValue();
        Iterator<T> it = new Iterator<>() {
            private Iterator<T> current = List.<T>of().iterator();
            private Optional<Cursor> next = Optional.empty();
            private boolean started;

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && (!started || next.isPresent())) {
                    EntityPage<T> page = read(STREAM_PAGE, started ? next.get() : null);
                    started = true;
                    current = page.items().iterator();
                    next = page.next();
                }
                return current.hasNext();
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    /** Every matching entity in a list (all pages read). */
    public List<T> list() {
        checkValue();
        return TechniqueCalls.call(store, "entity.query", type.table(), () -> stream().toList());
    }

    /**
     * The one entity holding the value, for a unique index.
     *
     * @throws IllegalStateException when the index is not unique
     */
    public Optional<T> one() {
        if (!keys.index().isUnique()) {
            throw new IllegalStateException("index '" + keys.index().name() + "' of entity type '" + type.name()
                    + "' is not unique; use page(size), stream() or list()");
        }
        return page(1).items().stream().findFirst();
    }

    private EntityPage<T> read(int size, Cursor after) {
        checkValue();
        checkSize(size);
        return TechniqueCalls.call(store, "entity.query", type.table(), () -> {
            Page page = reader.get().find(value, size, after);
            List<T> items = page.items().stream().filter(type::isTypeOf).map(type::fromItem).toList();
            return new EntityPage<>(items, page.next());
        });
    }

    private static void checkSize(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("page size must be at least 1, got " + size);
        }
    }

    private void checkValue() {
        if (value == null) {
            throw new IllegalStateException("say which value to find first, e.g. query(type, \"" + keys.index().name()
                    + "\").eq(...) with values for " + keys.placeholders());
        }
    }

    @Override
    public String toString() {
        return "IndexedQuery[" + type.name() + "." + keys.index().name() + (value == null ? "" : " = " + value) + "]";
    }
}
