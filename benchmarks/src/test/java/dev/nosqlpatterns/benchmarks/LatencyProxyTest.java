package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The proxy passes bytes unchanged, both ways, and every exchange through it takes the added round trip. */
class LatencyProxyTest {
    /** An echo server on a loopback port; answers each byte block with the same bytes. */
    private static ServerSocket echo() throws Exception {
        ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            try (Socket s = server.accept()) {
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (Exception ignored) {
                // the test ended the connection
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    private static long exchange(Socket socket, byte[] message) throws Exception {
        long start = System.nanoTime();
        socket.getOutputStream().write(message);
        socket.getOutputStream().flush();
        byte[] back = socket.getInputStream().readNBytes(message.length);
        long took = System.nanoTime() - start;
        assertArrayEquals(message, back, "the bytes come back unchanged");
        return took;
    }

    @Test
    void everyExchangeWaitsForTheAddedRoundTrip() throws Exception {
        Duration added = Duration.ofMillis(20);
        List<LatencyProxy> proxies = new ArrayList<>();
        try (ServerSocket server = echo()) {
            String uri = LatencyProxy.through("redis://127.0.0.1:" + server.getLocalPort() + "/db?x=1", added, proxies);
            URI proxied = URI.create(uri);
            assertEquals("redis", proxied.getScheme());
            assertEquals("/db", proxied.getPath());
            assertEquals("x=1", proxied.getQuery());
            assertTrue(proxied.getPort() != server.getLocalPort(), "the URI now names the proxy");
            try (Socket socket = new Socket(proxied.getHost(), proxied.getPort())) {
                socket.setTcpNoDelay(true);
                for (int i = 0; i < 5; i++) {
                    byte[] message = ("ping " + i + " é").getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    long took = exchange(socket, message);
                    assertTrue(took >= added.toNanos(), "an exchange took " + took / 1_000 + " µs, less than the "
                            + added.toMillis() + " ms added");
                }
            }
        } finally {
            proxies.forEach(LatencyProxy::close);
        }
    }

    @Test
    void aUriWithoutHostAndPortIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LatencyProxy.through("memory:", Duration.ofMillis(2), new ArrayList<>()));
        assertTrue(e.getMessage().contains("memory:"), e.getMessage());
    }
}
