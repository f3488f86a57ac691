package dev.nosqlpatterns.testkit.search;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.TextSearch;
import dev.nosqlpatterns.testkit.ForwardingBackend;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link TextSearchSuite} on a fake full-text search beside the in-memory store, which has none of its own: exact
 * phrases (slop 0) of whitespace-separated, lower-cased words, enough for the suite's phrases.
 */
class MemoryTextSearchSuiteTest extends TextSearchSuite {

    @Override
    protected StoreBackend openBackend() {
        return new ForwardingBackend(new MemoryBackend()) {
            private final FakeSearch search = new FakeSearch();

            @Override
            public Capabilities capabilities() {
                return delegate.capabilities().toBuilder().textSearch(search).build();
            }
        };
    }

    /** Documents per index, searched by brute force. */
    private static final class FakeSearch implements TextSearch {
        private final Map<String, Map<String, Map<String, String>>> indexes = new ConcurrentHashMap<>();

        @Override
        public void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter) {
            meter.roundTrip();
            indexes.computeIfAbsent(index, i -> new ConcurrentHashMap<>()).put(id, Map.copyOf(fields));
        }

        @Override
        public void deleteDocument(String index, String id, CostMeter meter) {
            meter.roundTrip();
            indexes.getOrDefault(index, Map.of()).remove(id);
        }

        @Override
        public void dropIndex(String index, CostMeter meter) {
            meter.roundTrip();
            indexes.remove(index);
        }

        @Override
        public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit,
                                         CostMeter meter) {
            meter.roundTrip();
            List<String> wanted = words(phrase);
            List<String> out = new ArrayList<>();
            new TreeMap<>(indexes.getOrDefault(index, Map.of())).forEach((id, fields) -> {
                if (out.size() < limit && Collections.indexOfSubList(words(fields.getOrDefault(field, "")), wanted) >= 0) {
                    out.add(id);
                }
            });
            return out;
        }

        private static List<String> words(String text) {
            return Arrays.stream(text.toLowerCase(Locale.ROOT).split("\\s+")).filter(w -> !w.isEmpty()).toList();
        }
    }
}
