package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.NativeExpirySuite;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Redis removes expiring item hashes itself (PEXPIREAT set by the write script). */
class RedisNativeExpiryTest extends NativeExpirySuite {
    @Override
    protected StoreBackend openBackend() {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nspx:").buildBackend();
    }

    @Test
    void anIndexEntryLeftByAnExpiredHashDoesNotAnswerForTheItemWrittenAgain() throws InterruptedException {
        String t = newTable(b -> b.index(IndexSpec.of("byCity", "city")));
        Item ada = Item.builder("user|ada", "<BASE>").put("city", "London").build();
        store.put(Write.put(t, ada).expiringAt(Instant.now().plusMillis(500)));
        Thread.sleep(900);
        store.put(t, Item.builder("user|ada", "<BASE>").put("city", "Paris").build());
        assertEquals(List.of(), store.queryIndex(IndexQuery.of(t, "byCity", Value.of("London"))).items());
        assertEquals(1, store.queryIndex(IndexQuery.of(t, "byCity", Value.of("Paris"))).items().size());
    }
}
