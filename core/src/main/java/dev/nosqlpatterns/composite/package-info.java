/**
 * Composite-key indexes: entries keyed by a tuple such as {@code (State, City, UserID)} and found by any
 * leading part of it ("all of CA", "all of CA, San Francisco"), in tuple order or its reverse, page by
 * page ({@link dev.nosqlpatterns.composite.CompositeIndex}).
 *
 * <p>Come here for hierarchical filters over one table where each level narrows the previous one; the
 * key order comes from {@link dev.nosqlpatterns.key.CompositeKeyCodec}.
 */
package dev.nosqlpatterns.composite;
