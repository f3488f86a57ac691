package dev.nosqlpatterns.testkit.tree;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.tree.PayloadCodec;
import java.util.Map;

/**
 * The payload of the tree suites: an eShop category with a display name (the label of materialized
 * paths, not unique: there are Shoes for Men and for Women) and a product count.
 *
 * @param name     display name
 * @param products number of products
 */
public record Category(String name, long products) {

    /** Stores a category as two attributes. */
    public static final PayloadCodec<Category> CODEC = PayloadCodec.of(
            c -> Map.of("name", Value.of(c.name()), "products", Value.of(c.products())),
            m -> new Category(((Value.Str) m.get("name")).value(), ((Value.Num) m.get("products")).longValue()));

    /** A category with no products. */
    public static Category of(String name) {
        return new Category(name, 0);
    }
}
