package dev.nosqlpatterns.examples.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ItemCollectionDemoTest {
    @Test
    void theDemoReadsEachAccessPatternInOneRoundTrip() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Store store = Stores.open("memory:")) {
            ItemCollectionDemo.run(store, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(line(out, "whole collection").contains("round trips=1 items read=6 "), out);
        assertTrue(line(out, "likes only").contains("round trips=1 items read=2 "), out);
        assertTrue(line(out, "profile only").contains("round trips=1 items read=1 "), out);
        assertTrue(line(out, "count a visit").contains("visits=1"), out);
    }

    private static String line(String out, String start) {
        return out.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(out));
    }
}
