package dev.nosqlpatterns.examples.eshop;

import dev.nosqlpatterns.examples.AccessPattern;
import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.examples.Session;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.tree.TreeStrategy;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The eShop with a small made-up sample: a category tree of twelve nodes, four products of different
 * kinds, six shops around Paris, a click stream of five visitors over three sites; the tree questions
 * are asked of each of the four layouts.
 */
public final class EShopExample implements Example {
    /** Where the sample's shop search is centred: the Louvre. */
    public static final LatLon LOUVRE = LatLon.of(48.8606, 2.3376);
    private static final String[][] CATEGORIES = {{"", "catalog", "Catalog"}, {"catalog", "electronics", "Electronics"},
            {"electronics", "computers", "Computers"}, {"computers", "laptops", "Laptops"},
            {"computers", "desktops", "Desktops"}, {"electronics", "phones", "Phones"},
            {"catalog", "books", "Books"}, {"books", "fiction", "Fiction"}, {"books", "science", "Science"},
            {"science", "physics", "Physics"}, {"catalog", "garden", "Garden"}, {"garden", "tools", "Tools"}};

    @Override
    public String name() {
        return "eshop";
    }

    @Override
    public String summary() {
        return "The eShop: category tree in four layouts, soft-schema products, shops near a point, unique visitors";
    }

    @Override
    public Session load(Store store, String namespace) {
        EShop shop = EShop.open(store, namespace);
        loadSample(shop);
        List<AccessPattern> patterns = new ArrayList<>();
        for (TreeStrategy strategy : TreeStrategy.values()) {
            String tag = strategy.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
            patterns.add(new AccessPattern("categories under electronics (" + tag + ")", "subtree read",
                    () -> shop.subtree(strategy, "electronics")));
            patterns.add(new AccessPattern("breadcrumb of physics (" + tag + ")", "ancestors read",
                    () -> shop.breadcrumb(strategy, "physics")));
        }
        patterns.add(new AccessPattern("product p-laptop-1", "one get of the aggregate",
                () -> shop.product("p-laptop-1").stream().toList()));
        patterns.add(new AccessPattern("shops within 2 km of the Louvre", "geo index: native, or a geohash cover",
                () -> shop.shopsNear(LOUVRE, 2_000, 10)));
        patterns.add(new AccessPattern("unique visitors per site", "one parallel scan, frame by frame",
                () -> List.copyOf(shop.uniqueVisitorsPerSite().entrySet())));
        return new Session(shop.tables(), patterns);
    }

    /** Writes the sample data; safe to run again. */
    public static void loadSample(EShop shop) {
        for (String[] c : CATEGORIES) {
            shop.addCategory(c[0].isEmpty() ? Optional.empty() : Optional.of(c[0]), c[1], c[2]);
        }
        shop.addProduct("p-laptop-1", "laptops", "Ultrabook 13", new BigDecimal("1299.00"),
                Map.of("ramGb", Value.of(16), "cpu", Value.of("8-core"), "weightKg", Value.of(new BigDecimal("1.2"))));
        shop.addProduct("p-phone-1", "phones", "Pocket 6", new BigDecimal("699.00"),
                Map.of("screenInches", Value.of(new BigDecimal("6.1")), "colors", Value.stringSet("black", "blue")));
        shop.addProduct("p-book-1", "physics", "Six Easy Pieces", new BigDecimal("14.50"),
                Map.of("author", Value.of("Richard Feynman"), "pages", Value.of(160)));
        shop.addProduct("p-tool-1", "tools", "Pruning shears", new BigDecimal("24.90"), Map.of());
        shop.addShop("s-rivoli", LatLon.of(48.8625, 2.3359));
        shop.addShop("s-opera", LatLon.of(48.8719, 2.3316));
        shop.addShop("s-bastille", LatLon.of(48.8532, 2.3692));
        shop.addShop("s-defense", LatLon.of(48.8924, 2.2360));
        shop.addShop("s-versailles", LatLon.of(48.8049, 2.1204));
        shop.addShop("s-lyon", LatLon.of(45.7640, 4.8357));
        Instant start = Instant.parse("2024-05-01T08:00:00Z");
        List<EShop.Click> clicks = new ArrayList<>();
        String[][] visits = {{"ada", "shop.example"}, {"ada", "blog.example"}, {"ada", "shop.example"},
                {"bob", "shop.example"}, {"cy", "help.example"}, {"cy", "shop.example"}, {"dee", "blog.example"},
                {"eve", "shop.example"}, {"eve", "shop.example"}};
        for (int i = 0; i < visits.length; i++) {
            clicks.add(new EShop.Click(visits[i][0], visits[i][1], start.plus(Duration.ofMinutes(7L * i))));
        }
        shop.recordClicks(clicks);
    }
}
