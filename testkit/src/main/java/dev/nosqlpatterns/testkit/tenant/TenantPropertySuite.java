package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Random operations of three tenants with colliding ids on the same keys, index values, unique values, geo ids
 * and points, and search documents and terms, against an in-memory oracle per tenant: after the operations, every
 * scan, lookup, unique lookup, geo search, search count and verify through one tenant's handle answers exactly
 * that tenant's oracle, and off-boarding one tenant leaves the others exact. Sized by the kit profile's random
 * operations and seeded from the kit seed (a failure prints the flags that replay it).
 */
public abstract class TenantPropertySuite extends StoreSuite {
    private static final List<String> TENANTS = List.of("t", "t_", "t|\\:\u0000\uD800");
    private static final List<String> KEYS = List.of("k|0", "k|1", "k|2", "k|3");
    private static final List<String> CITIES = List.of("Oslo", "Lima");
    private static final List<String> EMAILS = List.of("a@x", "b@x", "c@x");
    private static final List<LatLon> SPOTS = List.of(LatLon.of(59.91, 10.75), LatLon.of(-12.05, -77.04),
            LatLon.of(35.68, 139.69));
    private static final List<String> COLOURS = List.of("red", "blue");

    /** One tenant's handle, techniques and oracle. */
    private static final class Tenant {
        final String id;
        /** What the tenant's items carry as their owner: the id itself may be no valid attribute value. */
        final String tag;
        final Store store;
        final IndexTable byCity;
        final IndexTable byEmail;
        final IndexGroup indexes;
        final GeoIndex places;
        final InvertedSearch search;
        final Map<String, String[]> items = new TreeMap<>();
        final Map<String, Integer> points = new TreeMap<>();
        final Map<String, String> documents = new TreeMap<>();

        Tenant(Tenants tenants, String id) {
            this.id = id;
            this.tag = "tenant-" + TENANTS.indexOf(id);
            this.store = tenants.forTenant(id);
            store.createTable(TableSpec.named("items"));
            this.byCity = IndexTable.builder(store).baseTable("items").indexTable("itemsByCity").attribute("city")
                    .build();
            this.byEmail = IndexTable.builder(store).baseTable("items").indexTable("itemsByEmail").attribute("email")
                    .unique(true).build();
            this.indexes = IndexGroup.of(List.of(byCity, byEmail));
            this.places = GeoIndex.builder(store, "places").strategy(GeoIndex.Strategy.CELLS).build();
            this.search = InvertedSearch.builder(store, "postings", "direct").build();
        }
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void randomOperationsOfThreeTenantsNeverCross(TenancyModel model) {
        randomOperations((random, operations) -> run(model, random, operations));
    }

    private void run(TenancyModel model, Random random, int operations) {
        Tenants tenants = KitTenants.builder(store).model(model).registryTable(reserveTable()).build();
        try {
            List<Tenant> all = new ArrayList<>();
            TENANTS.forEach(t -> all.add(new Tenant(tenants, t)));
            for (int i = 0; i < operations; i++) {
                step(all.get(random.nextInt(all.size())), random);
            }
            all.forEach(this::assertExact);
            tenants.offboard(TENANTS.get(0));
            all.subList(1, all.size()).forEach(this::assertExact);
            Tenant reborn = new Tenant(tenants, TENANTS.get(0));
            assertEquals(0, reborn.store.scanAll(Scan.of("items")).count(), "items left after off-boarding");
            assertEquals(0, reborn.search.count(Term.of("colour", "red")), "documents left after off-boarding");
        } finally {
            tenants.tenantIds().forEach(tenants::offboard);
        }
    }

    private static void step(Tenant t, Random random) {
        String key = KEYS.get(random.nextInt(KEYS.size()));
        switch (random.nextInt(6)) {
            case 0, 1 -> {
                String city = CITIES.get(random.nextInt(CITIES.size()));
                String email = EMAILS.get(random.nextInt(EMAILS.size()));
                Optional<String> holder = t.items.entrySet().stream()
                        .filter(e -> e.getValue()[1].equals(email) && !e.getKey().equals(key)).map(Map.Entry::getKey)
                        .findFirst();
                Item item = Item.builder(Key.of(key, "<BASE>")).put("owner", t.tag).put("city", city)
                        .put("email", email).build();
                try {
                    t.indexes.put(item);
                    if (holder.isPresent()) {
                        fail("tenant '" + t.id + "': " + email + " is held by " + holder.get() + ", yet " + key
                                + " took it");
                    }
                    t.items.put(key, new String[] {city, email});
                } catch (UniqueConstraintException taken) {
                    assertTrue(holder.isPresent(), "tenant '" + t.id + "': " + email + " refused to " + key
                            + " though no item of the tenant holds it: " + taken.getMessage());
                }
            }
            case 2 -> {
                t.indexes.delete(Key.of(key, "<BASE>"), item -> true);
                t.items.remove(key);
            }
            case 3 -> {
                String id = "g" + random.nextInt(4);
                int spot = random.nextInt(SPOTS.size());
                t.places.put(id, SPOTS.get(spot));
                t.points.put(id, spot);
            }
            case 4 -> {
                String id = "d" + random.nextInt(4);
                String colour = COLOURS.get(random.nextInt(COLOURS.size()));
                t.search.index(Document.builder(id).add("colour", colour).build());
                t.documents.put(id, colour);
            }
            default -> {
                if (random.nextBoolean()) {
                    String id = "g" + random.nextInt(4);
                    t.places.remove(id);
                    t.points.remove(id);
                } else {
                    String id = "d" + random.nextInt(4);
                    t.search.remove(id);
                    t.documents.remove(id);
                }
            }
        }
    }

    private void assertExact(Tenant t) {
        String in = " in tenant '" + t.id + "'";
        Map<String, String> scanned = new TreeMap<>();
        t.store.scanAll(Scan.of("items")).forEach(i -> scanned.put(i.key().partition(),
                i.getString("owner").orElse("?") + "/" + i.getString("city").orElse("?") + "/"
                        + i.getString("email").orElse("?")));
        Map<String, String> expected = new TreeMap<>();
        t.items.forEach((k, v) -> expected.put(k, t.tag + "/" + v[0] + "/" + v[1]));
        assertEquals(expected, scanned, "scan" + in);
        for (String city : CITIES) {
            Set<String> want = t.items.entrySet().stream().filter(e -> e.getValue()[0].equals(city))
                    .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(want, keys(t.byCity.find(city), t.tag), "lookup of " + city + in);
        }
        for (String email : EMAILS) {
            Optional<String> want = t.items.entrySet().stream().filter(e -> e.getValue()[1].equals(email))
                    .map(Map.Entry::getKey).findFirst();
            assertEquals(want, t.byEmail.findUnique(email).map(i -> keys(List.of(i), t.tag).first()),
                    "unique lookup of " + email + in);
        }
        for (int s = 0; s < SPOTS.size(); s++) {
            int spot = s;
            Set<String> want = t.points.entrySet().stream().filter(e -> e.getValue() == spot).map(Map.Entry::getKey)
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> found = t.places.withinRadius(SPOTS.get(s), 1_000, 20).stream().map(GeoHit::id)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(want, found, "geo search at spot " + s + in);
        }
        Map<String, Long> colours = new HashMap<>();
        t.documents.values().forEach(c -> colours.merge(c, 1L, Long::sum));
        for (String colour : COLOURS) {
            assertEquals(colours.getOrDefault(colour, 0L).longValue(), t.search.count(Term.of("colour", colour)),
                    "search count of " + colour + in);
        }
        assertTrue(t.byCity.verify().consistent(), "index verify" + in + ": " + t.byCity.verify());
        assertTrue(t.byEmail.verify().consistent(), "unique index verify" + in + ": " + t.byEmail.verify());
        assertTrue(t.places.verify().consistent(), "geo verify" + in + ": " + t.places.verify());
        assertTrue(t.search.verify().consistent(), "search verify" + in + ": " + t.search.verify());
    }

    private static TreeSet<String> keys(List<Item> items, String tenant) {
        TreeSet<String> out = new TreeSet<>();
        for (Item i : items) {
            assertEquals(Optional.of(tenant), i.getString("owner"), "tenant '" + tenant + "' read another's " + i);
            out.add(i.key().partition());
        }
        return out;
    }
}
