package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.store.Store;
import java.io.IOException;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

/**
 * Dropping a native geo set or a text index is one delete by its term, durable as the commit policy says: at once
 * when every write commits, at the next commit when commits are explicit.
 */
class LuceneDropTest {

    @Test
    void aDropIsCommittedWithTheWriteWhenEveryWriteCommits() throws IOException {
        try (Directory directory = new ByteBuffersDirectory();
             Store store = LuceneStore.builder().directory(directory).commitEveryWrite().build()) {
            fill(store);
            assertEquals(3, committed(directory, LuceneGeo.SET, "gone"));
            assertEquals(2, committed(directory, TextIndex.INDEX, "gone"));
            store.nativeGeo().dropSet("gone");
            store.textSearch().dropIndex("gone");
            assertEquals(0, committed(directory, LuceneGeo.SET, "gone"));
            assertEquals(0, committed(directory, TextIndex.INDEX, "gone"));
            assertEquals(3, committed(directory, LuceneGeo.SET, "kept"));
            assertEquals(2, committed(directory, TextIndex.INDEX, "kept"));
        }
    }

    @Test
    void aDropIsCommittedByTheNextCommitWhenCommitsAreExplicit() throws IOException {
        try (Directory directory = new ByteBuffersDirectory();
             Store store = LuceneStore.builder().directory(directory).commitExplicitly().build()) {
            LuceneCommits commits = store.extension(LuceneCommits.class).orElseThrow();
            fill(store);
            commits.commit();
            store.nativeGeo().dropSet("gone");
            store.textSearch().dropIndex("gone");
            assertEquals(0, store.nativeGeo().nearest("gone", 0, 0, 10).size(), "searches see the drop at once");
            assertEquals(3, committed(directory, LuceneGeo.SET, "gone"), "the last commit still holds the set");
            assertEquals(2, committed(directory, TextIndex.INDEX, "gone"));
            commits.commit();
            assertEquals(0, committed(directory, LuceneGeo.SET, "gone"));
            assertEquals(0, committed(directory, TextIndex.INDEX, "gone"));
            assertEquals(3, committed(directory, LuceneGeo.SET, "kept"));
            assertEquals(2, committed(directory, TextIndex.INDEX, "kept"));
        }
    }

    private static void fill(Store store) {
        for (String name : new String[] {"gone", "kept"}) {
            store.nativeGeo().putPoint(name, "a", 1, 1);
            store.nativeGeo().putPoint(name, "b", 2, 2);
            store.nativeGeo().putPoint(name, "c", 3, 3);
            store.textSearch().indexDocument(name, "a", Map.of("body", "one two"));
            store.textSearch().indexDocument(name, "b", Map.of("body", "two three"));
        }
    }

    /** Documents of the last commit in {@code directory} whose {@code field} holds {@code value}. */
    private static int committed(Directory directory, String field, String value) throws IOException {
        try (DirectoryReader reader = DirectoryReader.open(directory)) {
            return new IndexSearcher(reader).count(new TermQuery(new Term(field, value)));
        }
    }
}
