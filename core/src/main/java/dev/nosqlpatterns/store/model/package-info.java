/**
 * The values both sides of the store share: requests ({@link dev.nosqlpatterns.store.model.Query},
 * {@link dev.nosqlpatterns.store.model.Write}, {@link dev.nosqlpatterns.store.model.IndexQuery}), table
 * declarations ({@link dev.nosqlpatterns.store.model.TableSpec}), answers ({@link dev.nosqlpatterns.store.model.Page},
 * {@link dev.nosqlpatterns.store.model.OperationCost}), the store's {@link dev.nosqlpatterns.store.model.Limits} and
 * {@link dev.nosqlpatterns.store.model.Capability} names, the geo values of native geo sets and of the geo
 * technique ({@link dev.nosqlpatterns.store.model.LatLon}, {@link dev.nosqlpatterns.store.model.GeoHit},
 * {@link dev.nosqlpatterns.store.model.GeoPoint}, {@link dev.nosqlpatterns.store.model.GeoVertex}), and the
 * errors every store reports the same way
 * ({@link dev.nosqlpatterns.store.model.StoreException} and its kinds). All immutable.
 */
package dev.nosqlpatterns.store.model;
