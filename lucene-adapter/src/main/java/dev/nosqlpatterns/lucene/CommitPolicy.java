package dev.nosqlpatterns.lucene;

import java.time.Duration;

/**
 * When a backend makes its writes durable with {@code IndexWriter.commit()}: after every write (each
 * acknowledged write survives a crash), every interval (a crash loses at most the last interval), or
 * only when asked through {@link LuceneCommits} and on a clean close.
 */
record CommitPolicy(Mode mode, Duration interval) {
    enum Mode { EVERY_WRITE, PERIODIC, EXPLICIT }

    static final CommitPolicy EVERY_WRITE = new CommitPolicy(Mode.EVERY_WRITE, Duration.ZERO);
    static final CommitPolicy EXPLICIT = new CommitPolicy(Mode.EXPLICIT, Duration.ZERO);

    static CommitPolicy every(Duration interval) {
        return new CommitPolicy(Mode.PERIODIC, interval);
    }

    @Override
    public String toString() {
        return switch (mode) {
            case EVERY_WRITE -> "commit after every write";
            case PERIODIC -> "commit every " + interval.toMillis() + " ms";
            case EXPLICIT -> "commit when asked";
        };
    }
}
