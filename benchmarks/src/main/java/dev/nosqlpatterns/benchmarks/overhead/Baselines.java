package dev.nosqlpatterns.benchmarks.overhead;

import java.util.Optional;

/** Opens the hand-written baseline of a store, by the store's kind and the URI the library opened it with. */
public final class Baselines {
    private Baselines() {
    }

    /** The reads of the Lucene store written with an IndexSearcher on {@code writer}, the writer of the store compared. */
    public static Baseline lucene(org.apache.lucene.index.IndexWriter writer) {
        return new LuceneBaseline(writer);
    }

    /** Why the Lucene baseline has no writes. */
    public static String luceneWritesSkipped() {
        return LuceneBaseline.WRITES;
    }

    /**
     * The baseline of a store of kind {@code kind} (as {@code Store.kind()} names it) at {@code uri}, or
     * empty when there is none (the in-memory reference store has no driver to compare with).
     */
    public static Optional<Baseline> open(String kind, String uri) {
        return switch (kind) {
            case "redis" -> Optional.of(new RedisBaseline(uri));
            case "dynamodb" -> Optional.of(new DynamoDbBaseline(uri));
            case "mongodb" -> Optional.of(new MongoBaseline(uri));
            case "cassandra" -> Optional.of(new CassandraBaseline(uri));
            default -> Optional.empty();
        };
    }

    /**
     * The hand-written bulk loader of a store of kind {@code kind} at {@code uri}, or empty when there is none (the
     * in-memory store has no driver; Lucene's is opened on a writer, {@link #luceneLoader}).
     */
    public static Optional<Loader> loader(String kind, String uri) {
        return switch (kind) {
            case "redis" -> Optional.of(new RedisLoader(uri));
            case "dynamodb" -> Optional.of(new DynamoDbLoader(uri));
            case "mongodb" -> Optional.of(new MongoLoader(uri));
            case "cassandra" -> Optional.of(new CassandraLoader(uri));
            default -> Optional.empty();
        };
    }

    /** The hand-written bulk loader of a Lucene store on {@code writer}, the writer that store was built on. */
    public static Loader luceneLoader(org.apache.lucene.index.IndexWriter writer) {
        return new LuceneLoader(writer);
    }
}
