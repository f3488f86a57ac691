package dev.nosqlpatterns.testkit.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.PostingFormat;
import dev.nosqlpatterns.search.SearchVerification;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Inverted search under live concurrent writers, with no crash: writer A is paused before each of its
 * store calls in turn while B re-indexes or removes the same document to completion, then A resumes; and
 * seeded random schedules of three writers over two documents. After all finish, before any repair,
 * every term's search and count answer what the stored documents hold, the size counts them, and verify
 * finds nothing. Stores with atomic writes change a document's row, postings and counts together; the
 * kit's run without them proves the ordered protocol.
 */
public abstract class InvertedSearchInterleavingSuite extends StoreSuite {
    private static final List<String> COLOURS = List.of("red", "blue", "green");
    private static final List<String> DOCUMENTS = List.of("d", "e", "f");

    private record Tables(String postings, String direct) {
        List<String> all() {
            return List.of(postings, direct);
        }
    }

    private static InvertedSearch open(Store on, Tables t) {
        return InvertedSearch.builder(on, t.postings(), t.direct()).format(PostingFormat.SORTED_IDS).maxAttempts(200).build();
    }

    private static Consumer<InvertedSearch> index(String id, String... colours) {
        return s -> s.index(Document.builder(id).add("colour", colours).add("kind", "k").build());
    }

    private static Consumer<InvertedSearch> remove(String id) {
        return s -> s.remove(id);
    }

    /** Empties both tables, then indexes d as red and e as green. */
    private void seed(Tables t) {
        for (String table : t.all()) {
            store.scanAll(Scan.of(table)).toList().forEach(i -> store.delete(table, i.key()));
        }
        InvertedSearch s = open(store, t);
        index("d", "red").accept(s);
        index("e", "green").accept(s);
    }

    private void pauseAtEveryStep(Consumer<InvertedSearch> a, Consumer<InvertedSearch> b) {
        Tables t = new Tables(newTable(), newTable());
        Interleaving.pauseAtEveryStep(backend, t.all(), () -> seed(t), s -> a.accept(open(s, t)),
                s -> b.accept(open(s, t)), why -> assertConsistent(t, why));
    }

    /** Searches, counts and size against the documents as stored; verify finds nothing. */
    private void assertConsistent(Tables t, String schedule) {
        InvertedSearch s = open(store, t);
        for (String colour : COLOURS) {
            Set<String> holders = new TreeSet<>();
            for (String id : DOCUMENTS) {
                s.document(id).filter(d -> d.values("colour").contains(colour)).ifPresent(d -> holders.add(id));
            }
            Set<String> found = new TreeSet<>(s.documentIds(s.find(Criteria.has("colour", colour)), 100));
            assertEquals(holders, found, "documents found as " + colour + " (" + schedule + ")");
            assertEquals(holders.size(), s.count(Term.of("colour", colour)), "count of " + colour + " (" + schedule + ")");
        }
        long present = DOCUMENTS.stream().filter(id -> s.document(id).isPresent()).count();
        assertEquals(present, s.size(), "size (" + schedule + ")");
        SearchVerification audit = s.verify();
        assertTrue(audit.consistent(), () -> "verify: " + audit + " (" + schedule + ")");
    }

    @Test
    void twoReindexesOfOneDocument() {
        pauseAtEveryStep(index("d", "blue"), index("d", "green"));
    }

    @Test
    void aReindexWhileRemoved() {
        pauseAtEveryStep(index("d", "blue"), remove("d"));
    }

    @Test
    void aRemoveWhileReindexed() {
        pauseAtEveryStep(remove("d"), index("d", "blue"));
    }

    @Test
    void aFirstIndexWhileIndexedDifferently() {
        pauseAtEveryStep(index("f", "red"), index("f", "blue"));
    }

    @Test
    void aReindexBackWhileChanged() {
        pauseAtEveryStep(index("d", "red", "blue"), index("d", "blue"));
    }

    /** Three writers, three re-indexes or removes each over two documents, under seeded random schedules. */
    @Test
    void randomSchedules() {
        Tables t = new Tables(newTable(), newTable());
        Interleaving.randomSchedules(backend, t.all(), randomSchedules(1.0),
                () -> seed(t), random -> {
                    List<Consumer<Store>> writers = new ArrayList<>();
                    for (int w = 0; w < 3; w++) {
                        List<Consumer<InvertedSearch>> ops = new ArrayList<>();
                        for (int o = 0; o < 3; o++) {
                            String id = DOCUMENTS.get(random.nextInt(2));
                            ops.add(random.nextInt(4) == 0 ? remove(id)
                                    : index(id, COLOURS.get(random.nextInt(COLOURS.size()))));
                        }
                        writers.add(s -> ops.forEach(op -> op.accept(open(s, t))));
                    }
                    return writers;
                }, why -> assertConsistent(t, why));
    }
}
