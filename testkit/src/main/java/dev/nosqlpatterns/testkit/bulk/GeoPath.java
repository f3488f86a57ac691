package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.GeoVerification;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Scan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code GeoIndex.putAll} of a cell index: one stored point moves, four are new. The point records are the
 * records; searches with verified reads (which skip stale entries) must answer exactly what they say at once, and
 * plain searches too after repair.
 */
final class GeoPath extends BulkPath<LatLon> {
    private static final String NAME = "bulk";
    private static final LatLon HOME = LatLon.of(48.8566, 2.3522);
    private static final double[] RADII = {1_500, 20_000};
    private static final CompositeKeyCodec PARTITION = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING, SegmentType.STRING);
    private final String table;

    GeoPath(Kit kit) {
        super(kit);
        this.table = kit.newTable();
    }

    private GeoIndex open(Store on, boolean verified) {
        return GeoIndex.builder(on, table).name(NAME).strategy(GeoIndex.Strategy.CELLS).verifiedReads(verified).build();
    }

    private static LatLon near(double northKm, double eastKm) {
        return LatLon.of(HOME.latitude() + northKm / 111.2, HOME.longitude() + eastKm / 73.1);
    }

    private static Map<String, LatLon> beforePoints() {
        Map<String, LatLon> out = new LinkedHashMap<>();
        out.put("a", HOME);
        out.put("b", near(0, 1));
        return out;
    }

    private static Map<String, LatLon> input() {
        Map<String, LatLon> out = new LinkedHashMap<>();
        out.put("a", near(2, 0));
        out.put("p1", near(0.5, 0.5));
        out.put("p2", near(-3, 4));
        out.put("p3", near(8, -2));
        out.put("p4", near(0.2, -0.9));
        return out;
    }

    @Override
    List<String> tables() {
        return List.of(table);
    }

    @Override
    void seed() {
        open(kit.store(), false).putAll(beforePoints());
    }

    @Override
    int size() {
        return input().size();
    }

    @Override
    void run(Store on) {
        open(on, false).putAll(input());
    }

    @Override
    List<Invalid> invalid(int position) {
        List<Invalid> out = new ArrayList<>();
        List<String> ids = new ArrayList<>(input().keySet());
        String id = ids.get(position);
        out.add(bad("an id with an unpaired surrogate", position, "bad" + position + "\uD800", input().get(id),
                "'bad" + position));
        out.add(bad("an id too long for a key", position, "x".repeat(kit.store().limits().maxPartitionKeyBytes()) + position,
                input().get(id), "point record partition key"));
        out.add(bad("no point", position, id, null, "'" + id + "'"));
        return out;
    }

    private Invalid bad(String label, int position, String id, LatLon point, String named) {
        Map<String, LatLon> points = new LinkedHashMap<>();
        List<Map.Entry<String, LatLon>> entries = new ArrayList<>(input().entrySet());
        for (int i = 0; i < entries.size(); i++) {
            if (i == position) {
                points.put(id, point);
            } else {
                points.put(entries.get(i).getKey(), entries.get(i).getValue());
            }
        }
        return new Invalid(label, s -> open(s, false).putAll(points), named);
    }

    @Override
    Map<String, LatLon> records() {
        Map<String, LatLon> out = new TreeMap<>();
        kit.store().scanAll(Scan.of(table)).filter(i -> i.key().sort().equals("point")).forEach(i -> {
            List<Object> parts = PARTITION.decode(i.key().partition());
            out.put((String) parts.get(3), LatLon.of(i.getNumber("lat").orElseThrow().doubleValue(),
                    i.getNumber("lon").orElseThrow().doubleValue()));
        });
        return out;
    }

    @Override
    Map<String, LatLon> before() {
        return new TreeMap<>(beforePoints());
    }

    @Override
    Map<String, LatLon> intended(int n) {
        Map<String, LatLon> out = before();
        input().entrySet().stream().limit(n).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (boolean verified : repaired ? new boolean[] {true, false} : new boolean[] {true}) {
            GeoIndex ix = open(kit.store(), verified);
            for (double r : RADII) {
                List<String> hits = ix.withinRadius(HOME, r, 100).stream().map(h -> h.id() + "@" + h.point()).toList();
                Set<String> distinct = new TreeSet<>(hits);
                if (distinct.size() != hits.size()) {
                    distinct.add("a hit twice: " + hits);
                }
                out.put((verified ? "verified" : "plain") + " within " + r + " m", distinct);
            }
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, LatLon> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String kind : repaired ? List.of("verified", "plain") : List.of("verified")) {
            for (double r : RADII) {
                out.put(kind + " within " + r + " m", records.entrySet().stream()
                        .filter(e -> HOME.distanceTo(e.getValue()) <= r).map(e -> e.getKey() + "@" + e.getValue())
                        .collect(Collectors.toCollection(TreeSet::new)));
            }
        }
        return out;
    }

    @Override
    void repair() {
        open(kit.store(), false).repair();
    }

    @Override
    Optional<String> drift() {
        GeoVerification v = open(kit.store(), false).verify();
        return v.consistent() ? Optional.empty() : Optional.of(v.toString());
    }

    @Override
    public String toString() {
        return "GeoIndex.putAll (cells)";
    }
}
