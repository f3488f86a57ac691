/**
 * Dimensionality reduction and geo search: two coordinates turned into one sortable key, so a store that
 * can only range-scan sorted keys can find points by place. {@link dev.nosqlpatterns.geo.GeoIndex} is the
 * entry point: points by id, found within a {@link dev.nosqlpatterns.geo.Circle}, a
 * {@link dev.nosqlpatterns.geo.LatLonBox} or a {@link dev.nosqlpatterns.geo.LatLonPolygon}, and the k
 * nearest, by geohash cells on any store or by the store's own geo search where it has one. Points are
 * {@link dev.nosqlpatterns.store.model.LatLon}s and hits {@link dev.nosqlpatterns.store.model.GeoHit}s, model
 * values, because the store's own geo search answers the same hits.
 *
 * <p>The pieces underneath are usable alone: {@link dev.nosqlpatterns.geo.Morton} bit interleaving,
 * {@link dev.nosqlpatterns.geo.GeoHash} codes and {@link dev.nosqlpatterns.geo.GeoCell}s,
 * {@link dev.nosqlpatterns.geo.GeoCover}s that cut a shape into a few key ranges
 * ({@link dev.nosqlpatterns.geo.CoverOptions}), and {@link dev.nosqlpatterns.geo.ZOrder} for any two bounded
 * numeric dimensions, such as price and rating.
 */
package dev.nosqlpatterns.geo;
