package dev.nosqlpatterns.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.store.model.InvalidRequestException;
import org.junit.jupiter.api.Test;

class ScanPositionTest {
    private static final long[] RING = {Long.MIN_VALUE, Long.MAX_VALUE};

    @Test
    void narrowingHalvesWhatIsLeftAndStopsAtOneToken() {
        ScanPosition whole = ScanPosition.start(RING);
        ScanPosition half = whole.narrowed();
        assertEquals(Long.MIN_VALUE, half.after());
        assertEquals(-1L, half.end(), "half of the ring, computed without overflow");
        ScanPosition two = new ScanPosition(10, 12, null, null);
        assertEquals(11, two.narrowed().end());
        assertNull(two.narrowed().narrowed(), "one token left: no narrower range");
    }

    @Test
    void narrowingAfterReturnedRowsResumesJustBeforeTheLastRowsToken() {
        ScanPosition reading = new ScanPosition(0, 100, new byte[] {7}, 40L);
        ScanPosition narrower = reading.narrowed();
        assertEquals(39, narrower.after(), "partitions sharing token 40 stay in range");
        assertEquals(70, narrower.end());
        assertArrayEquals(new byte[] {7}, narrower.pagingState(), "the server's position is kept");
        assertNull(new ScanPosition(39, 40, new byte[] {7}, 40L).narrowed());
    }

    @Test
    void followingPartsKeepTheWidthAndStopAtTheSegmentsEnd() {
        ScanPosition part = new ScanPosition(0, 30, null, null);
        assertEquals(60, part.following(100).end());
        assertEquals(50, part.following(50).end());
        ScanPosition wide = new ScanPosition(Long.MIN_VALUE, 0, null, null);
        assertEquals(Long.MAX_VALUE, wide.following(Long.MAX_VALUE).end(), "a width of 2^63 does not overflow");
    }

    @Test
    void tokensRoundTripAndAreCheckedAgainstTheirSegment() {
        long[] segment = {-50, 50};
        ScanPosition p = new ScanPosition(-10, 20, new byte[] {1, 2, 3}, 5L);
        ScanPosition back = ScanPosition.decode(p.encode(), segment, "t", 1, 3);
        assertEquals(List5.of(p), List5.of(back));
        ScanPosition fresh = ScanPosition.decode(ScanPosition.start(segment).encode(), segment, "t", 1, 3);
        assertNull(fresh.pagingState());
        assertNull(fresh.lastToken());
        assertThrows(InvalidRequestException.class, () -> ScanPosition.decode(p.encode(), new long[] {0, 50}, "t", 2, 3));
        assertThrows(InvalidRequestException.class, () -> ScanPosition.decode("AAAA", segment, "t", 1, 3));
        assertThrows(InvalidRequestException.class, () -> ScanPosition.decode("not base64!", segment, "t", 1, 3));
    }

    /** The fields of a position as a comparable list. */
    private static final class List5 {
        static java.util.List<Object> of(ScanPosition p) {
            return java.util.List.of(p.after(), p.end(), java.util.Arrays.toString(p.pagingState()),
                    String.valueOf(p.lastToken()));
        }
    }
}
