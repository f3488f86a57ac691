package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import java.util.Locale;

/**
 * Sends requests: counts each attempt as a round trip, retries throttling, server errors and lost
 * connections with exponential backoff and full jitter within a bounded number of attempts, and turns
 * what is left into the library's exceptions, naming the logical table and key.
 */
final class Sender {
    private static final Set<String> RETRYABLE_CODES = Set.of("ThrottlingException", "Throttling",
            "ProvisionedThroughputExceededException", "RequestLimitExceeded", "TransactionInProgressException",
            "InternalServerError", "InternalFailure", "ServiceUnavailable", "LimitExceededException");
    private static final Set<String> RETRYABLE_REASONS = Set.of("None", "TransactionConflict", "ThrottlingError",
            "ProvisionedThroughputExceeded", "RequestLimitExceeded");
    private static final Set<String> THROTTLING_CODES = Set.of("ThrottlingException", "Throttling",
            "ProvisionedThroughputExceededException", "RequestLimitExceeded", "LimitExceededException");
    private static final Set<String> THROTTLING_REASONS = Set.of("ThrottlingError", "ProvisionedThroughputExceeded",
            "RequestLimitExceeded");

    /** Pauses between attempts; replaced in tests. */
    interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    /** What a request is about, for error messages. */
    record Target(String table, Key key, Condition condition) {
        static Target of(String table) {
            return new Target(table, null, Condition.none());
        }

        static Target of(String table, Key key) {
            return new Target(table, key, Condition.none());
        }
    }

    private final int maxAttempts;
    private final Duration baseDelay;
    private final Duration maxDelay;
    private final Sleeper sleeper;

    Sender(int maxAttempts, Duration baseDelay, Duration maxDelay, Sleeper sleeper) {
        this.maxAttempts = maxAttempts;
        this.baseDelay = baseDelay;
        this.maxDelay = maxDelay;
        this.sleeper = sleeper;
    }

    /** Sends {@code request}, which may be applied twice without harm, retrying transient failures; maps every SDK failure. */
    <T> T send(CostMeter meter, Target target, Supplier<T> request) {
        return send(meter, target, request, true);
    }

    /**
     * Sends {@code request}, retrying transient failures; maps every SDK failure. A request that is not
     * {@code idempotent} (a numeric ADD) is sent again only after failures that prove it was not applied:
     * throttling and refused connections. After a failure that leaves its outcome unknown (a timeout, a
     * broken connection, a server error) it fails at once, saying it may have been applied, rather than
     * risk applying it twice.
     */
    <T> T send(CostMeter meter, Target target, Supplier<T> request, boolean idempotent) {
        for (int attempt = 1; ; attempt++) {
            meter.roundTrip();
            try {
                return request.get();
            } catch (SdkException e) {
                if (!retryable(e)) {
                    throw map(e, target);
                }
                if (!idempotent && !notApplied(e)) {
                    throw new StoreUnavailableException("DynamoDB did not answer on " + where(target)
                            + "; the write may or may not have been applied, and it is not sent again because"
                            + " applying it twice would change the result: " + e.getMessage(), target.table(),
                            target.key(), e);
                }
                if (attempt >= maxAttempts) {
                    throw new StoreUnavailableException("DynamoDB still failed after " + attempt + " attempts on "
                            + where(target) + ": " + e.getMessage(), target.table(), target.key(), e);
                }
                if (throttling(e)) {
                    meter.throttled();
                }
                backoff(attempt, target, e);
            }
        }
    }

    /** True when DynamoDB refused the request for lack of capacity (it was not applied). */
    static boolean throttling(SdkException e) {
        if (e instanceof TransactionCanceledException t) {
            return t.hasCancellationReasons()
                    && t.cancellationReasons().stream().anyMatch(r -> r.code() != null && THROTTLING_REASONS.contains(r.code()));
        }
        if (e instanceof AwsServiceException a) {
            String code = a.awsErrorDetails() == null ? null : a.awsErrorDetails().errorCode();
            return a.isThrottlingException() || (code != null && THROTTLING_CODES.contains(code));
        }
        return false;
    }

    /**
     * True for a retryable failure that proves the request was not applied: throttling, a canceled
     * transaction (which applies nothing), or a connection that could not be opened.
     */
    static boolean notApplied(SdkException e) {
        if (throttling(e) || e instanceof TransactionCanceledException) {
            return true;
        }
        if (e instanceof AwsServiceException a) {
            String code = a.awsErrorDetails() == null ? null : a.awsErrorDetails().errorCode();
            return "TransactionInProgressException".equals(code);
        }
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof java.net.ConnectException || c instanceof java.net.NoRouteToHostException
                    || c instanceof java.net.UnknownHostException
                    || c.getClass().getSimpleName().equals("ConnectTimeoutException")) {
                return true;
            }
        }
        return false;
    }

    /** Waits before the next attempt; also used by batches that retry unprocessed items. */
    void backoff(int attempt, Target target, Exception cause) {
        long cap = Math.min(maxDelay.toNanos(), baseDelay.toNanos() << Math.min(attempt - 1, 20));
        try {
            sleeper.sleep(Duration.ofNanos(ThreadLocalRandom.current().nextLong(cap / 2, cap + 1)));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting to retry on " + where(target),
                    target.table(), target.key(), cause);
        }
    }

    int maxAttempts() {
        return maxAttempts;
    }

    static boolean retryable(SdkException e) {
        if (e instanceof TransactionCanceledException t) {
            List<CancellationReason> reasons = t.hasCancellationReasons() ? t.cancellationReasons() : List.of();
            return !reasons.isEmpty() && reasons.stream().allMatch(r -> r.code() == null || RETRYABLE_REASONS.contains(r.code()))
                    && reasons.stream().anyMatch(r -> r.code() != null && !r.code().equals("None"));
        }
        if (e instanceof AwsServiceException a) {
            String code = a.awsErrorDetails() == null ? null : a.awsErrorDetails().errorCode();
            return a.statusCode() >= 500 || a.isThrottlingException() || (code != null && RETRYABLE_CODES.contains(code));
        }
        if (e instanceof AbortedException) {
            return false;
        }
        if (e instanceof ApiCallAttemptTimeoutException) {
            return true;
        }
        if (e instanceof SdkClientException) {
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                if (c instanceof IOException || c instanceof UncheckedIOException) {
                    return true;
                }
            }
            return e.retryable();
        }
        return false;
    }

    /** The library exception for a failure that is not retried (or no longer). */
    static StoreException map(SdkException e, Target t) {
        if (e instanceof ConditionalCheckFailedException) {
            return new ConditionFailedException(t.table(), t.key(), t.condition());
        }
        if (e instanceof ResourceNotFoundException) {
            return new TableNotFoundException(t.table());
        }
        if (e instanceof ItemCollectionSizeLimitExceededException) {
            return new ItemTooLargeException(t.table(), t.key(), e.getMessage());
        }
        if (e instanceof AwsServiceException a && a.statusCode() >= 400 && a.statusCode() < 500) {
            String message = a.awsErrorDetails() == null ? a.getMessage() : a.awsErrorDetails().errorMessage();
            String lower = message == null ? "" : message.toLowerCase(Locale.ROOT);
            if (lower.contains("item size") && lower.contains("exceeded")) {
                return new ItemTooLargeException(t.table(), t.key(), "DynamoDB refused the item: " + message);
            }
            String code = a.awsErrorDetails() == null ? "" : a.awsErrorDetails().errorCode();
            if ("ValidationException".equals(code) || "SerializationException".equals(code)) {
                return new InvalidRequestException(t.table(), t.key(), "DynamoDB refused the request: " + message);
            }
            return new StoreUnavailableException("DynamoDB refused the request on " + where(t) + " (" + code + "): "
                    + message, t.table(), t.key(), e);
        }
        return new StoreUnavailableException("DynamoDB failed on " + where(t) + ": " + e.getMessage(), t.table(),
                t.key(), e);
    }

    private static String where(Target t) {
        return "table '" + t.table() + "'" + (t.key() == null ? "" : ", key " + t.key());
    }

    /** Records capacity a request consumed; {@code write} says how to count a bare total. */
    /**
     * The consumed capacity to ask for: the total when someone receives the call's cost, none otherwise, as the
     * figure serves only the report and a request that asks for it answers more slowly.
     */
    static software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity capacityWanted(CostMeter meter) {
        return meter.measured() ? software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.TOTAL
                : software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.NONE;
    }

    /** {@link #capacityWanted}, with the share of each index when it is wanted. */
    static software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity indexCapacityWanted(CostMeter meter) {
        return meter.measured() ? software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.INDEXES
                : software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.NONE;
    }

    static void capacity(CostMeter meter, ConsumedCapacity c, boolean write) {
        if (c == null) {
            return;
        }
        Double r = c.readCapacityUnits();
        Double w = c.writeCapacityUnits();
        if (r != null || w != null) {
            meter.capacity(r == null ? 0 : r, w == null ? 0 : w);
        } else if (c.capacityUnits() != null) {
            double total = c.capacityUnits();
            meter.capacity(write ? 0 : total, write ? total : 0);
        }
    }

    static void capacity(CostMeter meter, List<ConsumedCapacity> all, boolean write) {
        if (all != null) {
            all.forEach(c -> capacity(meter, c, write));
        }
    }
}
