package dev.nosqlpatterns.observed;

import dev.nosqlpatterns.store.ForwardingCapabilities;
import dev.nosqlpatterns.store.spi.TextSearch;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A naive full-text search (exact phrases of whitespace-separated, lower-cased words, no slop) as the port of
 * the memory store, so that a technique built on {@code TEXT_SEARCH} runs in core's tests.
 */
final class TextSearchBackend implements TextSearch {
    private final Map<String, Map<String, Map<String, String>>> indexes = new ConcurrentHashMap<>();

    /** The memory store with this search beside it. */
    static StoreBackend backend() {
        MemoryBackend items = new MemoryBackend();
        return new ForwardingCapabilities(items, items.capabilities().toBuilder().textSearch(new TextSearchBackend()).build());
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
    public void dropIndex(String index, CostMeter meter) {
        indexes.remove(index);
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
}
