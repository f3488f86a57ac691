package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The direct index: one row per dense id holding the document's id and all its values, the truth the
 * posting lists are derived from, and what reports count. A row may carry {@code drop} (terms whose
 * postings still have to lose the id after a change) and {@code gone} (a removal under way).
 */
final class DirectIndex {
    static final String DOC = "doc";
    static final String FIELDS = "f";
    static final String DROP = "drop";
    static final String GONE = "gone";
    static final String VERSION = "v";
    private static final int SCAN_PAGE = 500;
    private static final int GET_SLICE = 1_000;
    private final Store store;
    final String table;

    DirectIndex(Store store, String table) {
        this.store = store;
        this.table = table;
    }

    static Item row(int id, Document doc, long version, Map<String, Set<String>> drop, boolean gone) {
        Item.Builder b = Item.builder(SearchKeys.row(id)).put(DOC, doc.id()).put(FIELDS, fieldsValue(doc.fields()))
                .put(VERSION, version);
        if (!drop.isEmpty()) {
            b.put(DROP, fieldsValue(drop));
        }
        if (gone) {
            b.put(GONE, true);
        }
        return b.build();
    }

    static Value fieldsValue(Map<String, Set<String>> fields) {
        Map<String, Value> map = new TreeMap<>();
        fields.forEach((f, values) -> map.put(f, Value.stringSet(values)));
        return Value.map(map);
    }

    static Map<String, Set<String>> fields(Item row, String attribute) {
        Map<String, Set<String>> out = new TreeMap<>();
        row.get(attribute).ifPresent(v -> {
            if (!(v instanceof Value.MapValue map)) {
                throw new IllegalStateException("direct row " + row.key() + " has a " + v.type() + " in '" + attribute + "'");
            }
            map.value().forEach((f, values) -> out.put(f, ((Value.StrSet) values).value()));
        });
        return out;
    }

    static Document document(Item row) {
        return new Document(row.getString(DOC).orElseThrow(
                () -> new IllegalStateException("direct row " + row.key() + " names no document")), fields(row, FIELDS));
    }

    static boolean gone(Item row) {
        return row.getBoolean(GONE).orElse(false);
    }

    static long version(Item row) {
        return row.getLong(VERSION).orElse(0L);
    }

    Optional<Item> get(int id) {
        return store.get(table, SearchKeys.row(id));
    }

    /** Counts by batched reads of the audience's rows: cheap when the audience is a small part of the index. */
    Report reportByReads(IdSet audience, Set<String> fields) {
        Tally tally = new Tally(fields);
        int[] ids = audience.toArray();
        for (int from = 0; from < ids.length; from += GET_SLICE) {
            List<Key> keys = new ArrayList<>();
            for (int id : Arrays.copyOfRange(ids, from, Math.min(ids.length, from + GET_SLICE))) {
                keys.add(SearchKeys.row(id));
            }
            store.getAll(table, keys).items().forEach(tally::add);
        }
        return tally.report(audience.cardinality());
    }

    /** Counts for every audience in one scan of the direct index, segments read in parallel. */
    List<Report> reportsByScan(List<IdSet> audiences, Set<String> fields, int segments, int parallelism) {
        List<Tally[]> perSegment = SegmentTasks.run(segments, parallelism, segment -> {
            Tally[] tallies = new Tally[audiences.size()];
            for (int i = 0; i < tallies.length; i++) {
                tallies[i] = new Tally(fields);
            }
            Scan scan = Scan.of(table).segment(segment, segments).limit(SCAN_PAGE);
            for (Item row : (Iterable<Item>) store.scanAll(scan)::iterator) {
                int id = SearchKeys.idOf(row.key());
                for (int i = 0; i < tallies.length; i++) {
                    if (audiences.get(i).contains(id)) {
                        tallies[i].add(row);
                    }
                }
            }
            return tallies;
        });
        List<Report> out = new ArrayList<>();
        for (int i = 0; i < audiences.size(); i++) {
            Tally total = new Tally(fields);
            for (Tally[] t : perSegment) {
                total.merge(t[i]);
            }
            out.add(total.report(audiences.get(i).cardinality()));
        }
        return out;
    }

    /** The document ids of the first {@code limit} ids of the audience, in id order, skipping removed ones. */
    List<String> documentIds(IdSet audience, int limit) {
        int[] ids = audience.toArray();
        List<String> out = new ArrayList<>();
        for (int from = 0; from < ids.length && out.size() < limit; from += GET_SLICE) {
            List<Key> keys = new ArrayList<>();
            for (int id : Arrays.copyOfRange(ids, from, Math.min(ids.length, from + GET_SLICE))) {
                keys.add(SearchKeys.row(id));
            }
            for (Item row : store.getAll(table, keys).items()) {
                if (!gone(row) && out.size() < limit) {
                    out.add(row.getString(DOC).orElseThrow());
                }
            }
        }
        return out;
    }

    /** Running counts of one audience. */
    private static final class Tally {
        private final Set<String> fields;
        private final Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
        private long documents;

        Tally(Set<String> fields) {
            this.fields = fields;
        }

        void add(Item row) {
            if (gone(row)) {
                return;
            }
            documents++;
            Map<String, Set<String>> values = fields(row, FIELDS);
            for (String field : fields) {
                for (String v : values.getOrDefault(field, Set.of())) {
                    counts.computeIfAbsent(field, f -> new HashMap<>()).merge(v, 1L, Long::sum);
                }
            }
        }

        void merge(Tally other) {
            documents += other.documents;
            other.counts.forEach((field, values) -> values.forEach((v, n) ->
                    counts.computeIfAbsent(field, f -> new HashMap<>()).merge(v, n, Long::sum)));
        }

        Report report(int audienceSize) {
            return new Report(audienceSize, documents, counts);
        }
    }
}
