package dev.nosqlpatterns.observed;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.TextSearch;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The memory store with a naive full-text search beside it (exact phrases of whitespace-separated, lower-cased
 * words, no slop), so that a technique built on {@code TEXT_SEARCH} runs in core's tests.
 */
final class TextSearchBackend implements StoreBackend, TextSearch {
    private final MemoryBackend items = new MemoryBackend();
    private final Map<String, Map<String, Map<String, String>>> indexes = new ConcurrentHashMap<>();

    @Override
    public String kind() {
        return items.kind();
    }

    @Override
    public Capabilities capabilities() {
        return items.capabilities().toBuilder().textSearch(this).build();
    }

    @Override
    public Limits limits() {
        return items.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        items.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        items.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return items.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return items.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        items.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        items.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return items.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return items.query(query, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return items.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        items.writeBatch(writes, meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        items.writeAtomically(writes, meter);
    }

    @Override
    public void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter) {
        indexes.computeIfAbsent(index, i -> new ConcurrentHashMap<>()).put(id, Map.copyOf(fields));
    }

    @Override
    public void deleteDocument(String index, String id, CostMeter meter) {
        indexes.getOrDefault(index, Map.of()).remove(id);
    }

    @Override
    public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit, CostMeter meter) {
        List<String> wanted = words(phrase);
        List<String> out = new ArrayList<>();
        new TreeMap<>(indexes.getOrDefault(index, Map.of())).forEach((id, fields) -> {
            List<String> text = words(fields.getOrDefault(field, ""));
            if (out.size() < limit && java.util.Collections.indexOfSubList(text, wanted) >= 0) {
                out.add(id);
            }
        });
        return out;
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    @Override
    public void close() {
        items.close();
    }
}
