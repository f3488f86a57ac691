package dev.nosqlpatterns.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Both id-set representations agree with a sorted set of integers on every operation and survive storage. */
class IdSetProperties {

    @Property(tries = 400)
    void operationsAgreeWithTheOracle(@ForAll("ids") int[] a, @ForAll("ids") int[] b) {
        TreeSet<Integer> sa = set(a);
        TreeSet<Integer> sb = set(b);
        for (PostingFormat format : PostingFormat.values()) {
            IdSet x = IdSets.of(format, a);
            IdSet y = IdSets.of(format, b);
            TreeSet<Integer> and = new TreeSet<>(sa);
            and.retainAll(sb);
            TreeSet<Integer> or = new TreeSet<>(sa);
            or.addAll(sb);
            TreeSet<Integer> andNot = new TreeSet<>(sa);
            andNot.removeAll(sb);
            assertArrayEquals(array(sa), x.toArray(), format + " toArray");
            assertEquals(sa.size(), x.cardinality(), format + " cardinality");
            assertArrayEquals(array(and), x.and(y).toArray(), format + " and");
            assertArrayEquals(array(and), y.and(x).toArray(), format + " and, swapped");
            assertArrayEquals(array(or), x.or(y).toArray(), format + " or");
            assertArrayEquals(array(andNot), x.andNot(y).toArray(), format + " andNot");
            for (int probe : b) {
                assertEquals(sa.contains(probe), x.contains(probe), format + " contains " + probe);
            }
        }
    }

    /** Galloping intersections, where one side is far larger than the other. */
    @Property(tries = 200)
    void skewedIntersectionsAgree(@ForAll("ids") int[] small, @IntRange(min = 1, max = 7) @ForAll int stride) {
        int[] large = new int[5_000];
        for (int i = 0; i < large.length; i++) {
            large[i] = i * stride;
        }
        TreeSet<Integer> expected = set(small);
        expected.retainAll(set(large));
        for (PostingFormat format : PostingFormat.values()) {
            assertArrayEquals(array(expected), IdSets.of(format, small).and(IdSets.of(format, large)).toArray(), format.name());
            assertArrayEquals(array(expected), IdSets.of(format, large).and(IdSets.of(format, small)).toArray(), format.name());
        }
    }

    @Property(tries = 300)
    void rangesAndChunksAgree(@ForAll("ids") int[] a, @IntRange(min = 0, max = 3_000) @ForAll int from,
                              @IntRange(min = 0, max = 3_000) @ForAll int length, @IntRange(min = 1, max = 16) @ForAll int bits) {
        TreeSet<Integer> sa = set(a);
        TreeSet<Integer> chunks = new TreeSet<>();
        sa.forEach(id -> chunks.add(id >>> bits));
        for (PostingFormat format : PostingFormat.values()) {
            IdSet x = IdSets.of(format, a);
            assertArrayEquals(array(new TreeSet<>(sa.subSet(from, from + length))), x.range(from, (long) from + length).toArray(),
                    format + " range");
            assertArrayEquals(array(chunks), x.chunks(bits), format + " chunks of " + bits + " bits");
        }
    }

    @Property(tries = 200)
    void chunksSurviveEncoding(@ForAll("ids") int[] a) {
        for (PostingFormat format : PostingFormat.values()) {
            IdSet x = IdSets.of(format, a);
            Optional<dev.nosqlpatterns.item.Value> encoded = IdSets.encode(format, x);
            dev.nosqlpatterns.item.Item.Builder item = dev.nosqlpatterns.item.Item.builder("p", "s");
            encoded.ifPresent(v -> item.put(IdSets.attribute(format), v));
            assertEquals(x, IdSets.decode(format, Optional.of(item.build())), format.name());
        }
    }

    @Provide
    Arbitrary<int[]> ids() {
        Arbitrary<Integer> dense = Arbitraries.integers().between(0, 3_000);
        Arbitrary<Integer> wide = Arbitraries.integers().between(0, Integer.MAX_VALUE);
        return Arbitraries.frequencyOf(List.of(
                net.jqwik.api.Tuple.of(4, dense.list().ofMaxSize(400)),
                net.jqwik.api.Tuple.of(1, wide.list().ofMaxSize(50)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 3).map(i -> List.of(0, 65_535, 65_536, Integer.MAX_VALUE - i)))))
                .map(list -> list.stream().mapToInt(Integer::intValue).toArray());
    }

    private static TreeSet<Integer> set(int[] ids) {
        TreeSet<Integer> out = new TreeSet<>();
        for (int id : ids) {
            out.add(id);
        }
        return out;
    }

    private static int[] array(TreeSet<Integer> set) {
        return set.stream().mapToInt(Integer::intValue).toArray();
    }
}
