package dev.nosqlpatterns.lucene;

/**
 * Durability control of a Lucene-backed store, for commit policies other than "every write": get it
 * with {@code store.extension(LuceneCommits.class)}.
 *
 * <p>Writes are visible to reads as soon as they return, whatever the policy; only a commit makes them
 * survive a crash of the process. After a crash the index reopens at its last commit.
 */
public interface LuceneCommits {

    /** Makes every write that has returned so far durable; returns once it is on stable storage. */
    void commit();
}
