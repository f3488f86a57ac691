/**
 * Conformance suites of geo search ({@link dev.nosqlpatterns.geo.GeoIndex}): circle, box and polygon
 * queries and the k nearest, by geohash cells and by the store's own geo search where it has one, each
 * checked against a brute-force oracle ({@link dev.nosqlpatterns.testkit.geo.GeoOracle}) on random points,
 * plus interleaved writers and expiring points.
 */
package dev.nosqlpatterns.testkit.geo;
