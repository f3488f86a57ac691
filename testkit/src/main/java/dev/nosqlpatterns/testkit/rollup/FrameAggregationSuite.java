package dev.nosqlpatterns.testkit.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.rollup.FrameAggregation;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Aggregation with composite keys: unique users per site over a click stream, against brute force. */
public abstract class FrameAggregationSuite extends StoreSuite {
    private static final CompositeKeyCodec EVENT = CompositeKeyCodec.of(SegmentType.LONG);

    @Test
    void uniqueUsersPerSiteAndSitesPerUserMatchBruteForce() {
        String table = newTable();
        Random random = new Random(11);
        List<String> sites = List.of("google.com", "mongodb.org", "t-mobile.co.uk", "webehigh.com", "sf-police.org");
        Map<String, Set<String>> usersPerSite = new HashMap<>();
        Map<String, Set<String>> sitesPerUser = new HashMap<>();
        List<Write> writes = new ArrayList<>();
        for (int e = 0; e < 400; e++) {
            String user = "user" + random.nextInt(45);
            String site = sites.get(Math.min(random.nextInt(sites.size() + 2), sites.size() - 1));
            writes.add(Write.put(table, Item.builder(user, EVENT.encode((long) e)).put("site", site).build()));
            usersPerSite.computeIfAbsent(site, s -> new HashSet<>()).add(user);
            sitesPerUser.computeIfAbsent(user, u -> new HashSet<>()).add(site);
        }
        store.writeBatch(writes);
        FrameAggregation aggregation = FrameAggregation.over(store, table, 3, 25);
        Map<String, Long> expected = new HashMap<>();
        usersPerSite.forEach((site, users) -> expected.put(site, (long) users.size()));
        assertEquals(expected, aggregation.framesPerValue(i -> i.getString("site")));
        Map<String, Set<String>> seen = new ConcurrentHashMap<>();
        aggregation.distinctValuesPerFrame(i -> i.getString("site"), fv -> {
            if (seen.put(fv.partition(), fv.values()) != null) {
                throw new AssertionError("frame " + fv.partition() + " visited twice");
            }
        });
        assertEquals(sitesPerUser, seen);
    }
}
