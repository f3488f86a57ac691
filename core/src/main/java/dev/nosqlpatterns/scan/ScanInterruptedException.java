package dev.nosqlpatterns.scan;

import dev.nosqlpatterns.store.model.StoreException;
import java.util.List;

/**
 * A bulk scan stopped by a failure; {@link #positions()} says where each segment got to, so
 * {@link BulkScan#resumeFrom} can carry on without reading everything again.
 */
public class ScanInterruptedException extends StoreException {
    private final transient List<SegmentPosition> cursors;

    ScanInterruptedException(String table, long itemsRead, List<SegmentPosition> cursors, Throwable cause) {
        super("bulk scan of table '" + table + "' stopped after " + itemsRead + " items: " + cause.getMessage()
                + "; resume with resumeFrom(e.positions())", table, null, cause);
        this.cursors = List.copyOf(cursors);
    }

    /** Per segment, where it stopped: finished, or after the last page it fully processed. */
    public List<SegmentPosition> positions() {
        return cursors;
    }
}
