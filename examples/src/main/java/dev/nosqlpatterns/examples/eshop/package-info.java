/**
 * The eShop: the category tree in all four tree layouts asked the same questions, products as versioned
 * soft-schema aggregates, shops near a point and unique visitors per site from a click stream
 * ({@link dev.nosqlpatterns.examples.eshop.EShop}; with sample data,
 * {@link dev.nosqlpatterns.examples.eshop.EShopExample}).
 */
package dev.nosqlpatterns.examples.eshop;
