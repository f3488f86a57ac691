package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/** The builder's checks, URI parsing, the providers, and credentials through the URI. */
class RedisStoreBuilderTest {

    @Test
    void everyProblemIsReportedAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RedisStore.builder()
                .keyPrefix("a{b}:").maxConnections(0).timeout(java.time.Duration.ZERO).maxInFlight(0).buildBackend());
        String m = e.getMessage();
        assertTrue(m.contains("maxInFlight must be from 1 to 65536, got 0"), m);
        assertTrue(m.contains("exactly one of client(...) and uri(...)"), m);
        assertTrue(m.contains("must not contain '{' or '}'"), m);
        assertTrue(m.contains("maxConnections must be at least 1"), m);
        assertTrue(m.contains("timeout must be from 1 ms"), m);
        IllegalArgumentException u = assertThrows(IllegalArgumentException.class, () -> RedisStore.builder()
                .uri("http://h:99999/x?colour=red").buildBackend());
        assertTrue(u.getMessage().contains("scheme redis://"), u.getMessage());
        assertTrue(u.getMessage().contains("port in 'h:99999'"), u.getMessage());
        assertTrue(u.getMessage().contains("database number"), u.getMessage());
        assertTrue(u.getMessage().contains("unknown URI option 'colour'"), u.getMessage());
    }

    @Test
    void urisCarryCredentialsDatabaseTlsAndClusterNodes() {
        List<String> problems = new ArrayList<>();
        RedisUri plain = RedisUri.parse(URI.create("redis://app:s%40cr+t@cache.local:6380/3?prefix=shop:"), problems);
        assertEquals(List.of(new HostAndPort("cache.local", 6380)), plain.hosts());
        assertEquals("app", plain.user());
        assertEquals("s@cr+t", plain.password());
        assertEquals(3, plain.database());
        assertFalse(plain.tls());
        assertEquals("shop:", plain.options().get("prefix"));
        RedisUri tls = RedisUri.parse(URI.create("rediss://:pw@[::1]"), problems);
        assertEquals(List.of(new HostAndPort("::1", 6379)), tls.hosts());
        assertEquals(null, tls.user());
        assertEquals("pw", tls.password());
        assertTrue(tls.tls());
        RedisUri cluster = RedisUri.parse(URI.create("redis://n1:7000,n2:7001,n3?cluster=true&tls=true"), problems);
        assertEquals(List.of(new HostAndPort("n1", 7000), new HostAndPort("n2", 7001), new HostAndPort("n3", 6379)),
                cluster.hosts());
        assertTrue(cluster.tls());
        assertEquals(List.of(), problems);
        assertEquals("redis://***@h:1/0", RedisUri.safe(URI.create("redis://u:secret@h:1/0")));
    }

    @Test
    void providersOpenRedisAndRedissUris() {
        List<String> schemes = new ArrayList<>();
        ServiceLoader.load(StoreProvider.class).forEach(p -> schemes.add(p.scheme()));
        assertTrue(schemes.containsAll(List.of("redis", "rediss")), schemes.toString());
        try (Store store = Stores.open(RedisTestServer.uri() + "?prefix=nspu" + System.nanoTime() + ":&pool=2")) {
            assertEquals("redis", store.kind());
            assertTrue(store.has(Capability.ATOMIC_WRITES));
            store.createTable(TableSpec.named("t"));
            store.put("t", Item.builder("p", "s").put("a", "b").build());
            assertEquals("b", store.get("t", Key.of("p", "s")).orElseThrow().getString("a").orElseThrow());
            store.dropTable("t");
        }
    }

    @Test
    void aclUsersAndPasswordsComeThroughTheUri() {
        URI server = URI.create(RedisTestServer.uri());
        String user = "nsp_user_" + System.nanoTime();
        try (Jedis admin = new Jedis(server)) {
            admin.aclSetUser(user, "on", ">p@ss word", "~nspacl:*", "+@all");
            try {
                String auth = server.getScheme() + "://" + user + ":p%40ss%20word@" + server.getHost() + ":" + server.getPort();
                try (Store store = RedisStore.builder().uri(auth).keyPrefix("nspacl:").build()) {
                    store.createTable(TableSpec.named("t"));
                    store.put("t", Item.builder("p", "s").build());
                    assertTrue(store.get("t", Key.of("p", "s")).isPresent());
                    store.dropTable("t");
                }
                // The same user may not touch keys outside its pattern: a store error naming the table.
                try (Store store = RedisStore.builder().uri(auth).keyPrefix("other:").build()) {
                    StoreException e = assertThrows(StoreException.class, () -> store.createTable(TableSpec.named("t")));
                    assertEquals("t", e.table().orElseThrow());
                }
                String wrong = server.getScheme() + "://" + user + ":nope@" + server.getHost() + ":" + server.getPort();
                try (Store store = RedisStore.builder().uri(wrong).build()) {
                    assertThrows(StoreException.class, () -> store.createTable(TableSpec.named("t")));
                }
            } finally {
                admin.aclDelUser(user);
            }
        }
    }

    @Test
    void anUnreachableServerIsStoreUnavailable() {
        try (Store store = RedisStore.builder().uri("redis://127.0.0.1:1").timeout(java.time.Duration.ofMillis(500)).build()) {
            StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                    () -> store.createTable(TableSpec.named("t")));
            assertEquals("t", e.table().orElseThrow());
        }
    }
}
