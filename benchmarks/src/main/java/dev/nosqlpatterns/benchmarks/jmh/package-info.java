/**
 * JMH micro-benchmarks of the in-memory parts of the techniques, where no store is involved: posting-list
 * intersection ({@link dev.nosqlpatterns.benchmarks.jmh.BitmapIntersectionBenchmark}), geohash covers and
 * encodings beside other libraries' ({@link dev.nosqlpatterns.benchmarks.jmh.GeoCoverBenchmark},
 * {@link dev.nosqlpatterns.benchmarks.jmh.GeoEncodingBenchmark}) and the order-preserving key codec
 * ({@link dev.nosqlpatterns.benchmarks.jmh.KeyCodecBenchmark}).
 */
package dev.nosqlpatterns.benchmarks.jmh;
