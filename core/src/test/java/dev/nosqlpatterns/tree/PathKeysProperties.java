package dev.nosqlpatterns.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Path keys split back into their segments, and sort in pre-order with children by rank. */
class PathKeysProperties {

    @Provide
    Arbitrary<String> ids() {
        return Arbitraries.strings().withChars("ab!! ~?`_%|:\u00e9\u4e2d".toCharArray()).ofMinLength(1).ofMaxLength(6);
    }

    @Property(tries = 3000)
    void aPathSplitsIntoItsSegments(@ForAll("ids") String a, @ForAll("ids") String b, @ForAll("ids") String c) {
        String key = PathKeys.root(a) + PathKeys.segment("k", b) + PathKeys.segment("Vz", c);
        List<String> segments = PathKeys.split(key);
        assertEquals(3, segments.size());
        assertEquals(new PathKeys.Segment("V", a), PathKeys.decode(segments.get(0)));
        assertEquals(new PathKeys.Segment("k", b), PathKeys.decode(segments.get(1)));
        assertEquals(new PathKeys.Segment("Vz", c), PathKeys.decode(segments.get(2)));
        assertEquals(List.of(segments.get(0), segments.get(0) + segments.get(1)), PathKeys.ancestors(key));
        assertEquals(2, PathKeys.depth(key));
    }

    @Property(tries = 200)
    void keyOrderIsPreOrderWithChildrenByRank(@ForAll long seed) {
        Random random = new Random(seed);
        List<String> ids = new ArrayList<>(List.of("r"));
        Map<String, List<String>> children = new HashMap<>();
        Map<String, List<String>> ranks = new HashMap<>();
        Map<String, String> keys = new HashMap<>();
        keys.put("r", PathKeys.root("r"));
        String alphabet = "ab!~ \u00e9";
        for (int i = 0; i < 40; i++) {
            String parent = ids.get(random.nextInt(ids.size()));
            String id = alphabet.charAt(random.nextInt(alphabet.length())) + Integer.toString(i);
            List<String> kids = children.computeIfAbsent(parent, p -> new ArrayList<>());
            List<String> kidRanks = ranks.computeIfAbsent(parent, p -> new ArrayList<>());
            int at = random.nextInt(kids.size() + 1);
            String rank = Ranks.between(at == 0 ? null : kidRanks.get(at - 1), at == kids.size() ? null : kidRanks.get(at));
            kids.add(at, id);
            kidRanks.add(at, rank);
            keys.put(id, keys.get(parent) + PathKeys.segment(rank, id));
            ids.add(id);
        }
        List<String> preorder = new ArrayList<>();
        walk("r", children, preorder);
        List<String> byKey = new ArrayList<>(ids);
        byKey.sort((x, y) -> Utf8Order.compare(keys.get(x), keys.get(y)));
        assertEquals(preorder, byKey);
        for (String id : ids) {
            for (String other : ids) {
                boolean below = keys.get(other).startsWith(keys.get(id));
                assertEquals(isWithin(other, id, children), below, other + " under " + id);
            }
        }
    }

    private static void walk(String id, Map<String, List<String>> children, List<String> out) {
        out.add(id);
        children.getOrDefault(id, List.of()).forEach(c -> walk(c, children, out));
    }

    private static boolean isWithin(String node, String top, Map<String, List<String>> children) {
        if (node.equals(top)) {
            return true;
        }
        return children.getOrDefault(top, List.of()).stream().anyMatch(c -> isWithin(node, c, children));
    }

    @Example
    void aKeyCutInsideASegmentIsRefused() {
        String key = PathKeys.root("a!b") + PathKeys.segment("W", "c");
        assertEquals("V!!a!`b!!W!!c!!", key, "the '!' inside an id is escaped, so only segment ends read as '!!'");
        assertThrows(IllegalArgumentException.class, () -> PathKeys.split(key.substring(0, key.length() - 1)));
        assertThrows(IllegalArgumentException.class, () -> PathKeys.split(key.substring(0, key.length() - 3)));
    }
}
