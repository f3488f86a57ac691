/**
 * Keys that sort the way queries need: the building blocks for partition and sort keys that several
 * techniques share. {@link dev.nosqlpatterns.key.CompositeKeyCodec} writes a tuple of typed values
 * ({@link dev.nosqlpatterns.key.SegmentType}) as one string whose byte order is the tuple order, so a range
 * query over a prefix of the tuple reads exactly the matching items; {@link dev.nosqlpatterns.key.EntityKey}
 * builds the overloaded sort keys of single-table designs ({@code DETL|tt0111161}); and
 * {@link dev.nosqlpatterns.key.CompactId} gives typed, readable ids such as {@code author:neumann}.
 *
 * <p>Come here when designing a key by hand. {@link dev.nosqlpatterns.key.Utf8Order} is the one order
 * every store sorts keys in (UTF-8 bytes), and the helpers to compare keys and bound a prefix in it.
 */
package dev.nosqlpatterns.key;
