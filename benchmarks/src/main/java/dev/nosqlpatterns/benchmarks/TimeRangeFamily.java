package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.enumerable.ShardedPartition;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Time ranges (enumerable keys and write sharding): the events of one series between two instants, stored
 * as day buckets listed in a bucket catalogue, as one partition ordered by time, or spread over sharded
 * partitions merged on read. Also measures appending one event with each layout.
 */
final class TimeRangeFamily implements Family {
    static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.TIMESTAMP, SegmentType.STRING);
    static final Instant START = Instant.parse("2024-01-01T00:00:00Z");
    static final Duration SPAN = Duration.ofDays(30);
    static final int SHARDS = 4;
    private static final String SERIES = "sensor-1";

    @Override
    public String name() {
        return "time ranges";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        int scale = mode.scale;
        int events = 1000 * scale;
        int windows = 20;
        List<Candidate> out = new ArrayList<>();
        Lazy<BucketedTimeline> timeline = new Lazy<>(
                () -> BucketedTimeline.create(store, tables.next("events_daily"), tables.next("events_catalogue"), Granularity.DAY));
        Layout buckets = new Layout() {
            public void put(String series, Instant at, String id) {
                timeline.get().put(series, at, id, Map.of("id", Value.of(id)));
            }

            public List<String> between(String series, Instant from, Instant to) {
                return timeline.get().between(series, from, to, false).map(BucketedTimeline.Event::id).toList();
            }
        };
        Lazy<String> single = new Lazy<>(() -> {
            String t = tables.next("events_one");
            store.createTable(TableSpec.named(t));
            return t;
        });
        Layout onePartition = new Layout() {
            public void put(String series, Instant at, String id) {
                store.put(single.get(), Item.builder(Key.of(series, SORT.encode(at, id))).put("id", id).build());
            }

            public List<String> between(String series, Instant from, Instant to) {
                return store.queryAll(Query.in(single.get(), series).where(range(from, to)).limit(200))
                        .map(i -> i.getString("id").orElse("?")).toList();
            }
        };
        Lazy<ShardedPartition> sharded = new Lazy<>(() -> ShardedPartition.open(store, tables.next("events_sharded"), SHARDS));
        Layout shards = new Layout() {
            public void put(String series, Instant at, String id) {
                sharded.get().put(series, SORT.encode(at, id), Map.of("id", Value.of(id)));
            }

            public List<String> between(String series, Instant from, Instant to) {
                return sharded.get().query(series, range(from, to), false)
                        .map(i -> i.getString("id").orElse("?")).toList();
            }
        };
        for (var e : List.of(Map.entry("day buckets + catalogue", buckets), Map.entry("one partition", onePartition),
                Map.entry(SHARDS + " sharded partitions", shards))) {
            out.add(Candidate.of("append event", e.getKey(), () -> append(e.getKey(), e.getValue())));
            out.add(Candidate.of("events in a 1-3 day window", e.getKey(),
                    () -> window(e.getKey(), e.getValue(), events, windows, scale)));
        }
        return out;
    }

    static SortKeyCondition range(Instant from, Instant to) {
        return SortKeyCondition.between(SORT.prefix(from), Utf8Order.prefixUpperBound(SORT.prefix(to)).orElseThrow());
    }

    /** The instant of event {@code i} of {@code events}, spread evenly over the span; all distinct. */
    static Instant at(int i, int events) {
        return START.plusMillis(SPAN.toMillis() / events * i + (i * 7919L) % (SPAN.toMillis() / events));
    }

    /** Window {@code q}: starts 1.3 days later than the previous one and lasts one to three days. */
    static Instant[] window(int q) {
        Instant from = START.plus(Duration.ofHours(31L * q + 5));
        return new Instant[] {from, from.plus(Duration.ofDays(1 + q % 3)).minusMillis(1)};
    }

    private static CellSpec window(String technique, Layout layout, int events, int windows, int scale) {
        List<Instant> times = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            Instant at = at(i, events);
            layout.put(SERIES, at, id(i));
            times.add(at);
        }
        Function<Integer, Answer> oracle = q -> {
            Instant[] w = window(q % windows);
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < events; i++) {
                if (!times.get(i).isBefore(w[0]) && !times.get(i).isAfter(w[1])) {
                    ids.add(id(i));
                }
            }
            return Answer.inOrder(ids);
        };
        return CellSpec.read(technique, windows, 20 * scale, i -> {
            Instant[] w = window(i % windows);
            return Answer.inOrder(layout.between(SERIES, w[0], w[1]));
        }, oracle::apply, -1);
    }

    private static CellSpec append(String technique, Layout layout) {
        return CellSpec.write(technique, 3, 20, i -> {
            layout.put("sensor-w", START.plusSeconds(60L * i), id(i));
            return null;
        }, i -> Answer.inOrder(layout.between("sensor-w", START.plusSeconds(60L * i), START.plusSeconds(60L * i))),
                i -> Answer.inOrder(List.of(id(i))), 1);
    }

    static String id(int i) {
        return String.format("e%07d", i);
    }

    /** How one technique stores and reads events. */
    private interface Layout {
        void put(String series, Instant at, String id);

        List<String> between(String series, Instant from, Instant to);
    }
}
