package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Batch writes as unordered bulk writes of thousands of writes: the round trips a batch reports are the write
 * commands the driver sent (one per chunk and kind of write, not one per 500 writes), and a bad item fails
 * the batch before any command.
 */
class MongoBatchWriteTest {
    private final AtomicInteger writeCommands = new AtomicInteger();
    private MongoClient client;
    private MongoBackend backend;
    private String table;

    @BeforeEach
    void open() {
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                if (event.getCommandName().equals("update") || event.getCommandName().equals("delete")
                        || event.getCommandName().equals("insert")) {
                    writeCommands.incrementAndGet();
                }
            }
        };
        client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(MongoTestServer.uri())).addCommandListener(listener).build());
        backend = (MongoBackend) MongoStore.builder().client(client).database(MongoTestServer.DATABASE).buildBackend();
        table = "batch_" + System.nanoTime() % 1_000_000;
        backend.createTable(TableSpec.named(table), new CostMeter());
    }

    @AfterEach
    void close() {
        backend.dropTable(table, new CostMeter());
        backend.close();
        client.close();
    }

    private List<Write> puts(int from, int to) {
        List<Write> writes = new ArrayList<>();
        for (int i = from; i < to; i++) {
            writes.add(Write.put(table, Item.builder("p" + (i % 13), String.format("s%05d", i)).put("n", i).build()));
        }
        return writes;
    }

    private static long commandsFor(int writes, int perCommand) {
        return (writes + perCommand - 1) / perCommand;
    }

    @Test
    void aBatchIsOneWriteCommandPerChunkAndTheCostSaysSo() {
        int perCommand = Math.min(Writes.WRITES_PER_BULK, backend.features().maxWriteBatch());
        CostMeter meter = new CostMeter();
        int before = writeCommands.get();
        backend.writeBatch(puts(0, 2_500), meter);
        assertEquals(commandsFor(2_500, perCommand), meter.roundTrips(), "chunks of " + perCommand);
        assertEquals(meter.roundTrips(), writeCommands.get() - before, "each round trip reported is a command sent");
        assertTrue(meter.roundTrips() <= 3, "not one request per 500 writes: " + meter.roundTrips());

        List<Write> mixed = new ArrayList<>(puts(2_500, 3_000));
        for (int i = 0; i < 300; i++) {
            mixed.add(Write.delete(table, Key.of("p" + (i % 13), String.format("s%05d", i))));
        }
        CostMeter mixedMeter = new CostMeter();
        before = writeCommands.get();
        backend.writeBatch(mixed, mixedMeter);
        assertEquals(writeCommands.get() - before, mixedMeter.roundTrips(), "puts and deletes are a command each");
        assertEquals(2, mixedMeter.roundTrips());
        List<ItemRef> refs = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            refs.add(new ItemRef(table, Key.of("p" + (i % 13), String.format("s%05d", i))));
        }
        assertEquals(2_700, backend.getAll(refs, new CostMeter()).size());
    }

    @Test
    void aBadItemFailsTheBatchBeforeAnyCommand() {
        List<Write> writes = new ArrayList<>(puts(0, 1_500));
        Item.Builder big = Item.builder(Key.of("p", "big"));
        for (int i = 0; i < 45; i++) {
            big.put("blob" + i, "x".repeat(400_000));
        }
        writes.add(Write.put(table, big.build()));
        int before = writeCommands.get();
        assertThrows(ItemTooLargeException.class, () -> backend.writeBatch(writes, new CostMeter()));
        assertEquals(before, writeCommands.get(), "nothing was sent");
    }
}
