package dev.nosqlpatterns.examples.eshop;

import dev.nosqlpatterns.aggregate.AggregateStore;
import dev.nosqlpatterns.rollup.FrameAggregation;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.tree.PayloadCodec;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.Trees;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The eShop: the category tree kept in each of the four tree layouts (adjacency list,
 * materialized paths, nested sets, one aggregate item) so their costs can be compared on the same
 * questions; products as soft-schema aggregates (each product carries the attributes of its kind) updated
 * by optimistic versioning; shops near a point through a geo index (the store's native geo, or geohash
 * cells); and a click stream keyed by user, read frame by frame to count unique visitors per site.
 */
public final class EShop {
    private static final PayloadCodec<String> NAME = PayloadCodec.of(n -> Map.of("name", Value.of(n)),
            m -> m.get("name") instanceof Value.Str s ? s.value() : "");
    private static final CompositeKeyCodec CLICK = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.TIMESTAMP);
    private static final String PRODUCT = "<PRODUCT>";

    private final Store store;
    private final Map<TreeStrategy, Tree<String>> trees = new EnumMap<>(TreeStrategy.class);
    private final AggregateStore products;
    private final String productTable;
    private final GeoIndex shops;
    private final String clicks;
    private final List<String> tables;

    private EShop(Store store, String ns) {
        this.store = store;
        String categories = TableSpec.checkName(ns + "_categories");
        store.createTable(TableSpec.named(categories));
        Trees.Builder<String> builder = Trees.builder(store, categories, NAME).label(n -> n);
        for (TreeStrategy strategy : TreeStrategy.values()) {
            trees.put(strategy, builder.open(strategy, "catalog"));
        }
        this.productTable = ns + "_products";
        store.createTable(TableSpec.named(productTable));
        this.products = AggregateStore.builder(store, productTable).build();
        this.shops = GeoIndex.builder(store, ns + "_shops").name("shops").build();
        this.clicks = ns + "_clicks";
        store.createTable(TableSpec.named(clicks));
        this.tables = List.of(categories, productTable, ns + "_shops", clicks);
    }

    /** The eShop on {@code store}, its tables named {@code namespace_...} and created when absent. */
    public static EShop open(Store store, String namespace) {
        Objects.requireNonNull(store, "store must not be null");
        TableSpec.checkName(namespace + "_categories");
        return new EShop(store, namespace);
    }

    /** The logical tables of the model, for the explain view. */
    public List<String> tables() {
        return tables;
    }

    /** The category tree in one layout. */
    public Tree<String> categories(TreeStrategy strategy) {
        return trees.get(Objects.requireNonNull(strategy, "strategy must not be null"));
    }

    /** Adds a category under {@code parent} (or as the root when {@code parent} is empty) in every layout. */
    public void addCategory(Optional<String> parent, String id, String name) {
        for (Tree<String> tree : trees.values()) {
            if (tree.get(id).isPresent()) {
                continue;
            }
            if (parent.isEmpty()) {
                tree.createRoot(id, name);
            } else {
                tree.addChild(parent.get(), id, name);
            }
        }
    }

    /** The ids of a category and everything below it, in pre-order, from one layout. */
    public List<String> subtree(TreeStrategy strategy, String category) {
        return categories(strategy).subtree(category).stream().map(TreeNode::id).toList();
    }

    /** The breadcrumb of a category, root first, from one layout. */
    public List<String> breadcrumb(TreeStrategy strategy, String category) {
        List<String> path = new ArrayList<>(categories(strategy).ancestors(category).stream().map(TreeNode::id).toList());
        java.util.Collections.reverse(path);
        path.add(category);
        return path;
    }

    /**
     * Stores a product as one aggregate: its category, name, price and whatever attributes its kind has
     * (a laptop's memory, a book's author); refused when the product exists or its category does not.
     */
    public Item addProduct(String id, String category, String name, BigDecimal price, Map<String, Value> details) {
        if (categories(TreeStrategy.ADJACENCY_LIST).get(category).isEmpty()) {
            throw new IllegalArgumentException("category '" + category + "' of product '" + id
                    + "' does not exist; add it before its products");
        }
        if (price == null || price.signum() < 0) {
            throw new IllegalArgumentException("price of product '" + id + "' must be zero or more, got " + price);
        }
        Item.Builder b = Item.builder(id, PRODUCT).put("category", category).put("name", name).put("price", price);
        new TreeMap<>(details).forEach(b::put);
        return products.get(Key.of(id, PRODUCT)).orElseGet(() -> products.create(b.build()));
    }

    /** A product: one get. */
    public Optional<Item> product(String id) {
        return products.get(Key.of(id, PRODUCT));
    }

    /** Changes a product by compare-and-set on its version, retrying when another writer wins. */
    public Item changeProduct(String id, UnaryOperator<Item> change) {
        return products.modify(Key.of(id, PRODUCT), change);
    }

    /** Registers a shop's location. */
    public void addShop(String id, LatLon location) {
        shops.put(id, location);
    }

    /** The shops within {@code radiusMeters} of {@code centre}, nearest first. */
    public List<GeoHit> shopsNear(LatLon centre, double radiusMeters, int limit) {
        return shops.withinRadius(centre, radiusMeters, limit);
    }

    /** Records that {@code user} viewed {@code site} at {@code at}: one item in the user's frame. */
    public void recordClicks(List<Click> batch) {
        store.writeBatch(batch.stream().map(c -> Write.put(clicks, Item.builder(c.user(), CLICK.encode(c.site(), c.at()))
                .put("site", c.site()).build())).toList());
    }

    /** Unique visitors per site: one parallel scan of the click stream, one counter per site. */
    public Map<String, Long> uniqueVisitorsPerSite() {
        return new TreeMap<>(FrameAggregation.over(store, clicks, 4, 200).framesPerValue(i -> i.getString("site")));
    }

    /**
     * One page view of the click stream.
     *
     * @param user the visitor
     * @param site the site visited
     * @param at   when
     */
    public record Click(String user, String site, Instant at) {
        public Click {
            Objects.requireNonNull(user, "user must not be null");
            Objects.requireNonNull(site, "site must not be null");
            Objects.requireNonNull(at, "click time must not be null");
        }
    }
}
