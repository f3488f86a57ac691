package dev.nosqlpatterns.store.model;

/** A vertex of a polygon's ring in a native geo search, in degrees (WGS84). */
public record GeoVertex(double latitude, double longitude) {
}
