package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.nio.file.Path;
import java.util.List;

/**
 * The writer process of {@link CrashRecoveryTest}: writes to an index on disk until it is killed, and
 * prints a line after each write that the store has acknowledged as durable.
 *
 * <p>Modes: {@code every-write} prints {@code ACK i} after each put; {@code atomic} writes pairs of items
 * in two partitions with one atomic write and prints {@code ACK i}; {@code explicit} commits every 25
 * puts and prints {@code COMMITTED i} after each commit.
 */
public final class CrashWriter {
    private CrashWriter() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        String mode = args[1];
        LuceneStore.Builder b = LuceneStore.builder().path(dir);
        b = mode.equals("explicit") ? b.commitExplicitly() : b.commitEveryWrite();
        Store store = b.build();
        store.createTable(TableSpec.named("crash"));
        LuceneCommits commits = store.extension(LuceneCommits.class).orElseThrow();
        for (int i = 0; ; i++) {
            String sort = String.format("%08d", i);
            if (mode.equals("atomic")) {
                store.writeAtomically(List.of(
                        Write.put("crash", Item.builder("left", sort).put("i", i).build()),
                        Write.put("crash", Item.builder("right", sort).put("i", i).build())));
                System.out.println("ACK " + i);
            } else {
                store.put("crash", Item.builder("p" + (i % 7), sort).put("i", i).put("pad", "x".repeat(200)).build());
                if (mode.equals("every-write")) {
                    System.out.println("ACK " + i);
                } else if (i % 25 == 24) {
                    commits.commit();
                    System.out.println("COMMITTED " + i);
                }
            }
            System.out.flush();
        }
    }
}
