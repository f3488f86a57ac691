package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Opens stores on Apache Lucene: an embedded index in memory or in a directory, with no server.
 *
 * <p>Lucene brings what the key-value stores lack: full-text and proximity search
 * ({@link ProximitySearch}), block-join queries on nested elements, geo search, secondary indexes and
 * path-hierarchy subtrees ({@link MaterializedPaths}), all in the same index as the items. Writes are
 * visible to reads as soon as they return; conditions, updates and atomic writes hold within this JVM
 * (one process owns an index for writing). Durability follows the commit policy: every write by default
 * for an index on disk, so an acknowledged write survives a crash.
 *
 * <pre>{@code
 * Store store = LuceneStore.builder().path(Path.of("/var/lib/app/index")).build();
 * Store test = LuceneStore.builder().inMemory().build();
 * Store mine = LuceneStore.builder().indexWriter(writer).commitEvery(Duration.ofSeconds(1)).build();
 * }</pre>
 */
public final class LuceneStore {
    /** Lucene's largest term (32766 bytes) less room for the table name and separators. */
    private static final int MAX_TERM_BYTES = 32_500;

    private LuceneStore() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Collects where the index lives and how it commits; {@link #build()} checks everything at once.
     * Exactly one of {@link #inMemory()}, {@link #path(Path)}, {@link #directory(Directory)},
     * {@link #indexWriter(IndexWriter)} or
     * {@link #uri(String)} says where the index is.
     */
    public static final class Builder {
        private final List<String> sources = new ArrayList<>();
        private final List<String> problems = new ArrayList<>();
        private boolean memory;
        private Path path;
        private IndexWriter writer;
        private Directory directory;
        private CommitPolicy commits;
        private Limits limits = Limits.PORTABLE;
        private final Set<String> pathAttributes = new LinkedHashSet<>();

        private Builder() {
        }

        /**
         * The index in {@code dir}, an application's Lucene directory (on disk, in memory or elsewhere): the
         * store opens its own writer on it and closes that writer when the last store on the directory
         * closes, but never closes the directory. Backends on the same directory in this JVM share the writer;
         * no other writer may be open on it.
         */
        public Builder directory(Directory dir) {
            sources.add("directory(...)");
            if (dir == null) {
                problems.add("directory must not be null");
            } else {
                directory = dir;
            }
            return this;
        }

        /** A new, empty index in memory, gone when the store closes. */
        public Builder inMemory() {
            memory = true;
            sources.add("inMemory()");
            return this;
        }

        /** The index in a directory, created when absent; backends on the same path in this JVM share it. */
        public Builder path(Path directory) {
            sources.add("path(" + directory + ")");
            if (directory == null) {
                problems.add("path must not be null");
            } else {
                path = directory.toAbsolutePath().normalize();
            }
            return this;
        }

        /**
         * An IndexWriter the caller opened and keeps owning: closing the store does not close it. Backends
         * on the same writer share their locks. Do not give it an index sort, which would split item blocks.
         */
        public Builder indexWriter(IndexWriter indexWriter) {
            sources.add("indexWriter(...)");
            if (indexWriter == null) {
                problems.add("indexWriter must not be null");
            } else if (!indexWriter.isOpen()) {
                problems.add("the IndexWriter is closed");
            } else if (indexWriter.getConfig().getIndexSort() != null) {
                problems.add("the IndexWriter has an index sort, which would reorder the documents of nested items");
            }
            writer = indexWriter;
            return this;
        }

        /**
         * Where the index is and how it commits, as a URI: {@code lucene:memory} or {@code lucene:/abs/path}
         * (also {@code lucene:///abs/path}), with an optional query {@code ?commit=write|explicit|<n>ms}.
         */
        public Builder uri(String uri) {
            if (uri == null) {
                sources.add("uri(null)");
                problems.add("uri must not be null");
                return this;
            }
            URI parsed;
            try {
                parsed = URI.create(uri);
            } catch (IllegalArgumentException e) {
                sources.add("uri(" + uri + ")");
                problems.add("URI '" + uri + "' is malformed: " + e.getMessage());
                return this;
            }
            return uri(parsed);
        }

        /** See {@link #uri(String)}. */
        public Builder uri(URI uri) {
            LuceneUris.apply(uri, this, problems);
            return this;
        }

        /** Commits after every write: each acknowledged write survives a crash (the default on disk). */
        public Builder commitEveryWrite() {
            return commits(CommitPolicy.EVERY_WRITE);
        }

        /** Commits in the background every {@code interval}: a crash loses at most the last interval. */
        public Builder commitEvery(Duration interval) {
            if (interval == null || interval.isNegative() || interval.isZero()) {
                problems.add("commit interval must be positive, got " + interval);
                return this;
            }
            return commits(CommitPolicy.every(interval));
        }

        /** Commits only through {@link LuceneCommits#commit()} and on a clean close (the default in memory). */
        public Builder commitExplicitly() {
            return commits(CommitPolicy.EXPLICIT);
        }

        private Builder commits(CommitPolicy policy) {
            if (commits != null && !commits.equals(policy)) {
                problems.add("commit policy set twice: " + commits + " and " + policy);
            }
            commits = policy;
            return this;
        }

        /** Size limits checked before writes; the portable ones by default. Keys must fit a Lucene term. */
        public Builder limits(Limits storeLimits) {
            if (storeLimits == null) {
                problems.add("limits must not be null");
            } else if (2L * storeLimits.maxPartitionKeyBytes() + storeLimits.maxSortKeyBytes() > MAX_TERM_BYTES) {
                // A key term holds the partition with its zero bytes doubled, then the sort key.
                problems.add("limits allow keys of " + storeLimits.maxPartitionKeyBytes() + " + "
                        + storeLimits.maxSortKeyBytes() + " bytes, and twice the partition plus the sort key must fit"
                        + " a Lucene term (" + MAX_TERM_BYTES + " bytes here)");
            } else {
                limits = storeLimits;
            }
            return this;
        }

        /** Indexes string attributes of this name, in every table, as materialized paths. */
        public Builder pathAttribute(String attribute) {
            if (attribute == null || attribute.isEmpty()) {
                problems.add("a path attribute needs a non-empty name");
            } else {
                pathAttributes.add(attribute);
            }
            return this;
        }

        void memoryFromUri() {
            inMemory();
        }

        void pathFromUri(Path p) {
            path(p);
        }

        void commitsFromUri(CommitPolicy policy) {
            commits(policy);
        }

        /** A store over the index. */
        public Store build() {
            return Store.of(buildBackend());
        }

        /** The backend alone, for wrapping or for the conformance kit. */
        public StoreBackend buildBackend() {
            List<String> all = new ArrayList<>(problems);
            if (sources.isEmpty()) {
                all.add("say where the index is: inMemory(), path(...), directory(...), indexWriter(...) or uri(...)");
            } else if (sources.size() > 1) {
                all.add("say where the index is only once, got " + String.join(", ", sources));
            }
            if (!all.isEmpty()) {
                throw new IllegalArgumentException("cannot build a Lucene store: " + String.join("; ", all));
            }
            SharedIndex index = Failures.run(null, null, this::open);
            CommitPolicy policy = commits != null ? commits
                    : index.inMemory ? CommitPolicy.EXPLICIT : CommitPolicy.EVERY_WRITE;
            return new LuceneBackend(index, limits, policy, pathAttributes);
        }

        private SharedIndex open() throws IOException {
            if (memory) {
                return SharedIndex.acquire(new Object(),
                        () -> new IndexWriter(new ByteBuffersDirectory(), inMemoryConfig()),
                        SharedIndex.Ownership.WRITER_AND_DIRECTORY);
            }
            if (path != null) {
                Path p = path;
                try {
                    return SharedIndex.acquire("path:" + p, () -> openOnDisk(p),
                            SharedIndex.Ownership.WRITER_AND_DIRECTORY);
                } catch (org.apache.lucene.store.LockObtainFailedException e) {
                    throw new StoreUnavailableException("the Lucene index at " + p + " is open for writing by another"
                            + " process (or another writer in this one): " + e.getMessage(), null, null, e);
                }
            }
            if (directory != null) {
                Directory d = directory;
                try {
                    return SharedIndex.acquire(d, () -> openWriter(d), SharedIndex.Ownership.WRITER);
                } catch (org.apache.lucene.store.LockObtainFailedException e) {
                    throw new StoreUnavailableException("the Lucene directory " + d + " is open for writing by another"
                            + " writer: " + e.getMessage(), null, null, e);
                }
            }
            IndexWriter w = Objects.requireNonNull(writer);
            return SharedIndex.acquire(w, () -> w, SharedIndex.Ownership.NONE);
        }

        /** A writer on a directory of files the store opens itself. */
        private static IndexWriter openOnDisk(Path p) throws IOException {
            Directory dir = FSDirectory.open(p);
            try {
                return openWriter(dir);
            } catch (IOException | RuntimeException e) {
                dir.close();
                throw e;
            }
        }

        /** A writer on {@code dir}, with a first commit so that a new index is a valid (empty) index at once. */
        private static IndexWriter openWriter(Directory dir) throws IOException {
            IndexWriter w = new IndexWriter(dir, config());
            if (!DirectoryReader.indexExists(dir)) {
                w.commit();
            }
            return w;
        }

        /**
         * Every write ends with a near-real-time refresh, which flushes a small segment; refreshes do not
         * wait for merges. On disk, flushed segments go in compound files: a commit syncs 3 files per
         * segment instead of about 12.
         */
        private static IndexWriterConfig config() {
            return new IndexWriterConfig().setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setCommitOnClose(true).setMaxFullFlushMergeWaitMillis(0);
        }

        /**
         * In memory, nothing is synced: flushed segments skip the compound file (a copy of every byte),
         * and merges, quick copies too, run in the writing thread rather than being handed off.
         */
        private static IndexWriterConfig inMemoryConfig() {
            return config().setUseCompoundFile(false).setMergeScheduler(new SerialMergeScheduler());
        }

        @Override
        public String toString() {
            return "LuceneStore.Builder" + sources + (commits == null ? "" : "[" + commits + "]");
        }
    }
}
