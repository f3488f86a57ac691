package dev.nosqlpatterns.geo;

/**
 * What {@link GeoIndex#verify()} found, or {@link GeoIndex#repair()} fixed, in a cell index: entries that
 * disagree with the point records that own them, and the writes an interrupted put or remove left undone.
 *
 * @param entries         cell entries checked
 * @param points          point records checked
 * @param staleEntries    entries of a removed point, at a cell the point has left, or with outdated data
 * @param missingEntries  points whose entry at their current cell is absent
 * @param unfinishedMoves points that still list old entries to delete
 * @param repaired        whether the problems were fixed
 */
public record GeoAudit(long entries, long points, long staleEntries, long missingEntries, long unfinishedMoves,
                       boolean repaired) {

    /** Nothing checked, nothing found. */
    static GeoAudit empty(boolean repaired) {
        return new GeoAudit(0, 0, 0, 0, 0, repaired);
    }

    /** True when no problem was found. */
    public boolean isClean() {
        return staleEntries == 0 && missingEntries == 0 && unfinishedMoves == 0;
    }

    GeoAudit plus(GeoAudit other) {
        return new GeoAudit(entries + other.entries, points + other.points, staleEntries + other.staleEntries,
                missingEntries + other.missingEntries, unfinishedMoves + other.unfinishedMoves, repaired);
    }
}
