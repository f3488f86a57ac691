package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writer JVM with SIGKILL in the middle of its writes, reopens the index and checks that no
 * write acknowledged as committed is lost, that atomic writes are all or nothing, and that the index is
 * sound.
 */
class CrashRecoveryTest {
    private static final int ACKS_BEFORE_KILL = 10;

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedWriteSurvivesKillDashNine() throws Exception {
        int last = crash("every-write", "ACK ");
        try (Store store = reopen()) {
            for (int i = 0; i <= last; i++) {
                Optional<Item> item = store.get("crash", Key.of("p" + (i % 7), String.format("%08d", i)));
                assertTrue(item.isPresent(), "acknowledged write " + i + " of " + last + " was lost");
                assertEquals(i, item.get().getLong("i").orElseThrow());
            }
        }
    }

    @Test
    void anAtomicWriteIsAllOrNothingAfterACrash() throws Exception {
        int last = crash("atomic", "ACK ");
        try (Store store = reopen()) {
            List<String> left = sorts(store, "left");
            List<String> right = sorts(store, "right");
            assertEquals(left, right, "an atomic write survived in part");
            assertTrue(left.size() >= last + 1, "acknowledged atomic writes were lost: " + left.size() + " <= " + last);
        }
    }

    @Test
    void explicitCommitsSurviveAndTheIndexIsSound() throws Exception {
        int last = crash("explicit", "COMMITTED ");
        try (Store store = reopen()) {
            long found = store.scanAll(Scan.of("crash")).count();
            assertTrue(found >= last + 1, "committed writes were lost: found " + found + ", committed " + (last + 1));
            for (int i = 0; i <= last; i++) {
                assertTrue(store.get("crash", Key.of("p" + (i % 7), String.format("%08d", i))).isPresent(),
                        "committed write " + i + " was lost");
            }
        }
    }

    private static List<String> sorts(Store store, String partition) {
        return store.queryAll(Query.in("crash", partition)).map(i -> i.key().sort()).toList();
    }

    private Store reopen() throws IOException {
        try (FSDirectory d = FSDirectory.open(dir); CheckIndex check = new CheckIndex(d)) {
            assertTrue(check.checkIndex().clean, "the index is damaged after the crash");
        }
        Store store = LuceneStore.builder().path(dir).build();
        store.createTable(TableSpec.named("crash"));
        return store;
    }

    /** Runs the writer until it has reported enough durable writes, kills it, and returns the last one. */
    private int crash(String mode, String prefix) throws Exception {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", classpath,
                CrashWriter.class.getName(), dir.toString(), mode);
        pb.redirectError(dir.resolveSibling(dir.getFileName() + "-writer.err").toFile());
        Process writer = pb.start();
        List<Integer> acknowledged = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            int wanted = mode.equals("explicit") ? 3 : ACKS_BEFORE_KILL;
            String line;
            while (acknowledged.size() < wanted && (line = out.readLine()) != null) {
                if (line.startsWith(prefix)) {
                    acknowledged.add(Integer.parseInt(line.substring(prefix.length()).trim()));
                }
                if (System.nanoTime() > deadline) {
                    break;
                }
            }
            // SIGKILL while the writer is in the middle of its next write; acknowledgements it printed
            // after the last line read here are not checked.
            writer.destroyForcibly();
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS), "the writer did not die");
        }
        File err = dir.resolveSibling(dir.getFileName() + "-writer.err").toFile();
        assertTrue(acknowledged.size() >= 2, "the writer reported too little before the kill; see " + err);
        assertEquals(137, writer.exitValue(), "the writer must die from SIGKILL");
        return acknowledged.get(acknowledged.size() - 1);
    }
}
