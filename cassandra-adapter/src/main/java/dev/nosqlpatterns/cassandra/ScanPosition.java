package dev.nosqlpatterns.cassandra;

import dev.nosqlpatterns.store.model.InvalidRequestException;
import java.nio.ByteBuffer;
import java.util.Base64;

/**
 * Where a scan of one segment stands: the token range {@code (after, end]} it reads now, a part of the
 * segment's range, the server's paging state within it, and the token of the last row it returned from that
 * part. A read that meets more tombstones than the server allows is sent again over a narrower part (see
 * {@link #narrowed}), which needs a position the server's paging state alone does not reveal.
 *
 * @param after       the exclusive lower token of the part read now
 * @param end         the inclusive upper token of that part, at most the segment's upper token
 * @param pagingState the server's position within the part; null before its first page
 * @param lastToken   the token of the last row returned from the part; null while none was
 */
record ScanPosition(long after, long end, byte[] pagingState, Long lastToken) {
    private static final byte VERSION = 1;

    /** The start of a segment {@code (lower, upper]}: the whole of it, from its first row. */
    static ScanPosition start(long[] segment) {
        return new ScanPosition(segment[0], segment[1], null, null);
    }

    /** The same part, resumed at the server's {@code paging} state after rows up to {@code token}. */
    ScanPosition within(byte[] paging, Long token) {
        return new ScanPosition(after, end, paging, token == null ? lastToken : token);
    }

    /** The part of the same width after this one, cut at the segment's upper token. */
    ScanPosition following(long segmentUpper) {
        long width = end - after; // unsigned: 1 .. 2^64 - 1
        long room = segmentUpper - end;
        long next = Long.compareUnsigned(width, room) >= 0 ? segmentUpper : end + width;
        return new ScanPosition(end, next, null, null);
    }

    /**
     * This part with its upper half cut off, past the last row it returned, so that one read meets about half
     * the tombstones; null when it cannot get narrower (the tombstones are all in one token's partitions).
     * With no row returned yet the part restarts; otherwise the server's paging state resumes it, over a range
     * that starts just before the last row's token so that partitions sharing that token are not skipped.
     */
    ScanPosition narrowed() {
        long from = lastToken == null ? after : lastToken;
        long half = from + ((end - from) >>> 1);
        if (lastToken == null) {
            return half == after ? null : new ScanPosition(after, half, null, null);
        }
        return half == end ? null : new ScanPosition(lastToken - 1, half, pagingState, lastToken);
    }

    /** The scan token that carries this position. */
    String encode() {
        int paging = pagingState == null ? 0 : pagingState.length;
        ByteBuffer b = ByteBuffer.allocate(1 + 8 + 8 + 1 + 8 + paging);
        b.put(VERSION).putLong(after).putLong(end);
        b.put((byte) (lastToken == null ? 0 : 1)).putLong(lastToken == null ? 0 : lastToken);
        if (pagingState != null) {
            b.put(pagingState);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
    }

    /** The position a scan token carries, checked against the segment {@code (lower, upper]} it must lie in. */
    static ScanPosition decode(String token, long[] segment, String table, int index, int total) {
        String invalid = "scan token of table '" + table + "' is not valid for segment " + index + "/" + total;
        ByteBuffer b;
        try {
            b = ByteBuffer.wrap(Base64.getUrlDecoder().decode(token));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(invalid + ": " + e.getMessage());
        }
        if (b.remaining() < 26 || b.get() != VERSION) {
            throw new InvalidRequestException(invalid + ": it was not issued by this adapter's scans");
        }
        long after = b.getLong();
        long end = b.getLong();
        boolean hasLast = b.get() == 1;
        long last = b.getLong();
        byte[] paging = b.hasRemaining() ? new byte[b.remaining()] : null;
        if (paging != null) {
            b.get(paging);
        }
        if (after < segment[0] || end > segment[1] || after >= end || (hasLast && (last <= after || last > end))
                || (hasLast && paging == null)) {
            throw new InvalidRequestException(invalid + ": its token range (" + after + ", " + end
                    + "] is not within the segment's (" + segment[0] + ", " + segment[1] + "]");
        }
        return new ScanPosition(after, end, paging, hasLast ? last : null);
    }
}
