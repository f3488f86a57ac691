package dev.nosqlpatterns.benchmarks;

import java.util.Map;
import java.util.Optional;

/**
 * The measured reasons why an operation of the overhead family costs more through the library than by
 * hand on a store, so that a ratio above the target arrives in the report with its cause. Each entry was
 * found with JFR or a side-by-side loop of the two on one server (benchmarks/README.md, "What the library
 * costs over hand-written driver code"); an operation above the target without an entry is reported as
 * having no cause measured.
 */
final class OverheadCauses {
    /** The p50 ratio above which the report asks for a cause. */
    static final double P50_TARGET = 1.05;
    /** The p99 ratio above which the report asks for a cause. */
    static final double P99_TARGET = 1.10;
    private static final String DYNAMODB = "the AWS SDK's request pipeline (JFR: 60 samples in the library's put, 33 in"
            + " the hand-written one, when every request asked for its consumed capacity); the library now asks for it only"
            + " while someone receives its costs, not in the timed repetitions: 1.03-1.05 in the run after that";
    private static final Map<String, String> CAUSES = Map.ofEntries(
            Map.entry("redis|put", "none in the server: both send one MULTI/EXEC of DEL, HSET and two ZADD; in one JVM"
                    + " taking turns the library's put came to 1.01-1.02 of the hand-written one only after about 12,000"
                    + " puts (the library's deeper calls compile later), so a short cell still times some of that"),
            Map.entry("redis|conditional put", "the request marker (SET NX with a time to live) that makes sending the call"
                    + " again after a lost reply safe: in a Jedis loop on one server the hand-written script with that one"
                    + " SET added took 50.4 µs, the library's call 51.6 µs (54.5 through Store), the hand-written script"
                    + " 46.6 µs; about 1.03 at 2 ms"),
            Map.entry("redis|counter add", "in a Jedis loop on one server (p50): the hand-written script 35.6 µs, with the"
                    + " request marker that makes sending it again safe 38.5, returning the whole item as Store.update does"
                    + " 40.2, the library's script (its exactness and size checks too) 44.1; about 1.05 at 2 ms"),
            Map.entry("redis|query 100 of 1000", "one script reads the range and its items as one snapshot in one round"
                    + " trip, and Redis turns each HGETALL reply into a Lua table: 301-323 µs in a Jedis loop, decoding included,"
                    + " against 178 µs for ZRANGEBYLEX then one pipeline of HGETALL, which waits for two round trips, so"
                    + " at 2 ms the library is faster (0.57)"),
            Map.entry("redis|batch write 100", "none in the server: both send one MULTI/EXEC of DEL and HSET per item and"
                    + " one ZADD per set; 1.01-1.02 in one JVM taking turns after about 2,500 batches; in the client the library also validates"
                    + " the 100 items and groups their set members in the client"),
            Map.entry("mongodb|counter add", "the embedded mongo-java-server uses its _id index only for a filter on _id"
                    + " alone, so the library's guarded filter scans the collection; MongoDB proper serves it from the"
                    + " _id index"),
            Map.entry("dynamodb|get", DYNAMODB),
            Map.entry("dynamodb|put", DYNAMODB),
            Map.entry("dynamodb|conditional put", DYNAMODB),
            Map.entry("dynamodb|counter add", DYNAMODB),
            Map.entry("dynamodb|query 100 of 1000", DYNAMODB),
            Map.entry("dynamodb|batch write 100", "both send four BatchWriteItem requests, the library at once, the"
                    + " hand-written code one after another; when the library asked for their consumed capacity, DynamoDB"
                    + " Local took longer to answer: the same 100 items through the SDK alone, with and without"
                    + " ReturnConsumedCapacity in turn, took 26.9 against 21.6 ms at loopback (1.24); it now asks only"
                    + " while someone receives its costs"),
            Map.entry("cassandra|counter add", "the library reads the whole attribute map, as Store.update returns the"
                    + " item, where the hand-written code reads one map entry; both then write the changed entry alone"),
            Map.entry("cassandra|query 100 of 1000", "the library asks for one row more, to know whether more follow"),
            Map.entry("lucene|get", "the library reads its pending write of the key, which keeps writes readable before"
                    + " a refresh, and loads the version field beside the value to choose between them; the hand-written"
                    + " get loads the value only"));

    private OverheadCauses() {
    }

    /**
     * What to say of an operation whose ratios are {@code p50} and {@code p99}: empty when both meet the
     * targets, else the measured cause, or that none was measured.
     */
    static Optional<String> explain(String store, String operation, double p50, double p99) {
        if (p50 <= P50_TARGET && p99 <= P99_TARGET) {
            return Optional.empty();
        }
        String cause = CAUSES.get(store + "|" + operation);
        if (cause != null) {
            return Optional.of(cause);
        }
        return Optional.of(p50 <= P50_TARGET
                ? "p99 only, no cause measured: a p99 of a few hundred samples on a shared machine moves by more than this"
                        + " from run to run"
                : "no cause measured");
    }
}
