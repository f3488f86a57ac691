package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.store.model.TableSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The data source and the jobs on the in-memory store, shared within the JVM by its name; the main classes. */
class MemoryJobsTest extends StoreJobsContract {
    @Override
    protected String storeUri() {
        return "memory://spark-tests-" + System.nanoTime();
    }

    private static String printed(Runnable main) {
        PrintStream before = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            main.run();
        } finally {
            System.setOut(before);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        before.print(text);
        return text;
    }

    @Test
    void theMainClassesRunTheJobsAndPrintTheirProgress() {
        store.createTable(TableSpec.named("mainBase"));
        for (int i = 0; i < 60; i++) {
            store.put("mainBase", Item.builder("u" + i, "profile").put("city", "c" + i % 4).build());
        }
        String[] index = {"--uri", uri, "--table", "mainBase", "--index", "mainBase_by_city", "--attribute", "city",
            "--segments", "3"};
        String backfill = printed(() -> IndexBackfillMain.main(index));
        assertTrue(backfill.contains("[backfill mainBase_by_city] tasks ") && backfill.contains("60 entries added"),
                backfill);
        String verify = printed(() -> IndexVerifyMain.main(index));
        assertTrue(verify.contains("no drift"), verify);
        IndexTable ix = IndexTable.builder(store).baseTable("mainBase").indexTable("mainBase_by_city")
                .attribute("city").build();
        assertTrue(ix.verify().consistent());

        String frames = printed(() -> FramesPerValueMain.main(new String[] {"--uri", uri, "--table", "mainBase",
            "--attribute", "city"}));
        assertTrue(frames.contains("c1\t15"), frames);

        String[] shadow = {"--uri", uri, "--table", "mainBase", "--shadow", "mainBase_shadow", "--keep", "city",
            "--segments", "3"};
        String rebuild = printed(() -> ShadowRebuildMain.main(shadow));
        assertTrue(rebuild.contains("[rebuild mainBase_shadow] tasks ") && rebuild.contains("60 shadows written"),
                rebuild);
        String[] verifyShadow = java.util.Arrays.copyOf(shadow, shadow.length + 1);
        verifyShadow[shadow.length] = "--verify";
        String shadowVerify = printed(() -> ShadowRebuildMain.main(verifyShadow));
        assertTrue(shadowVerify.contains("120 items and shadows checked, 0 wrong"), shadowVerify);
        assertTrue(ShadowTable.of(store, "mainBase", "mainBase_shadow", ShadowTable.keeping("city")).verify().consistent());

        GraphTable graph = GraphTable.open(store, "mainGraph");
        graph.addEdges(List.of(Edge.of("a", "b"), Edge.of("b", "c"), Edge.of("x", "y")));
        String distances = printed(() -> GraphMain.main(new String[] {"--uri", uri, "--table", "mainGraph", "--job",
            "distances", "--sources", "a"}));
        assertTrue(distances.contains("a\t0") && distances.contains("c\t2") && !distances.contains("x\t"), distances);
        String components = printed(() -> GraphMain.main(new String[] {"--uri", uri, "--table", "mainGraph", "--job",
            "components"}));
        assertTrue(components.contains("c\ta") && components.contains("y\tx"), components);
    }

    @Test
    void theMigrationMainClassRunsAMigrationNamedByItsDefinitionClass() {
        SparkMigrationCheck.MainDefinition definition = new SparkMigrationCheck.MainDefinition();
        dev.nosqlpatterns.entity.EntityRepository repo = dev.nosqlpatterns.entity.EntityRepository.of(store,
                definition.byMovie());
        repo.createTables();
        for (int i = 0; i < 12; i++) {
            repo.save(definition.byMovie(), new SparkMigrationCheck.Credit("tt" + i % 3, "nm" + i, "actor", i));
        }
        String[] args = {"--uri", uri, "--definition", SparkMigrationCheck.MainDefinition.class.getName()};
        String run = printed(() -> MigrationMain.main(args));
        assertTrue(run.contains("migration DONE: 12 items migrated"), run);
        dev.nosqlpatterns.entity.EntityRepository.of(store, definition.byPerson()).createTables();
        assertEquals(12, store.scan(dev.nosqlpatterns.store.model.Scan.of(definition.byPerson().table())).items().size());
        IllegalArgumentException wrong = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MigrationMain.main(new String[] {"--uri", uri, "--definition", "java.lang.String"}));
        assertTrue(wrong.getMessage().contains("java.lang.String is not a"), wrong.getMessage());
    }
}
