package dev.nosqlpatterns.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A loopback TCP proxy that delays every byte by half a round trip in each direction, so that a store on
 * this machine answers as one across a network would: a request and its answer together take at least the
 * configured round-trip time. Order is kept within each direction; bandwidth is not limited. Listens on
 * 127.0.0.1 only.
 */
final class LatencyProxy implements AutoCloseable {
    private static final byte[] END = new byte[0];
    private final ServerSocket server;
    private final InetSocketAddress target;
    private final long oneWayNanos;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    private LatencyProxy(InetSocketAddress target, Duration roundTrip) throws IOException {
        this.target = target;
        this.oneWayNanos = roundTrip.toNanos() / 2;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::acceptLoop, "latency-proxy-" + server.getLocalPort());
        accept.setDaemon(true);
        accept.start();
    }

    /** A proxy in front of {@code host:port} that adds {@code roundTrip} to every exchange. */
    static LatencyProxy start(String host, int port, Duration roundTrip) {
        if (roundTrip.isNegative()) {
            throw new IllegalArgumentException("the added round trip must not be negative, got " + roundTrip);
        }
        try {
            return new LatencyProxy(new InetSocketAddress(host, port), roundTrip);
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a loopback port for the latency proxy: " + e.getMessage(), e);
        }
    }

    /**
     * {@code uri} with its host and port replaced by a new proxy's, which forwards to them with
     * {@code roundTrip} added; the proxy is added to {@code proxies} so the caller can close it.
     */
    static String through(String uri, Duration roundTrip, List<LatencyProxy> proxies) {
        URI parsed = URI.create(uri);
        if (parsed.getHost() == null || parsed.getPort() < 0) {
            throw new IllegalArgumentException("cannot put a latency proxy in front of '" + uri
                    + "': it names no host and port");
        }
        LatencyProxy proxy = start(parsed.getHost(), parsed.getPort(), roundTrip);
        proxies.add(proxy);
        try {
            return new URI(parsed.getScheme(), parsed.getUserInfo(), "127.0.0.1", proxy.port(), parsed.getPath(),
                    parsed.getQuery(), parsed.getFragment()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("cannot rewrite '" + uri + "' for the latency proxy", e);
        }
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(target.getAddress(), target.getPort());
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    /**
     * Copies {@code from} to {@code to}, each chunk held back until half the round trip has passed; the
     * end of one direction is passed on as a half close, so the other direction keeps flowing.
     */
    private void pump(Socket from, Socket to) {
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                InputStream in = from.getInputStream();
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    queue.add(new Chunk(java.util.Arrays.copyOf(buffer, n), System.nanoTime() + oneWayNanos));
                }
            } catch (IOException ignored) {
                // the connection closed; the writer ends it on the other side
            }
            queue.add(new Chunk(END, System.nanoTime() + oneWayNanos));
        }, "latency-proxy-read");
        Thread writer = new Thread(() -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = queue.take();
                    for (long wait; (wait = c.due - System.nanoTime()) > 0; ) {
                        LockSupport.parkNanos(wait);
                    }
                    if (c.bytes == END) {
                        to.shutdownOutput();
                        return;
                    }
                    out.write(c.bytes);
                    out.flush();
                }
            } catch (IOException | InterruptedException ignored) {
                // the connection or the proxy closed
            }
        }, "latency-proxy-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    private record Chunk(byte[] bytes, long due) {
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
