package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.verify.Verification;
/**
 * What {@link GeoIndex#verify()} found, or {@link GeoIndex#repair()} fixed: in a cell index, entries that
 * disagree with the point records that own them and the writes an interrupted put or remove left undone;
 * in any index, points that have expired but are still stored (reads already leave them out).
 *
 * @param entries         cell entries checked
 * @param points          point records checked
 * @param staleEntries    entries of a removed point, at a cell the point has left, or with outdated data
 * @param missingEntries  points whose entry at their current cell is absent
 * @param unfinishedMoves points that still list old entries to delete
 * @param expired         expired leftovers still stored: on cells the expired items of the index's table
 *                        (entries and point records), natively the expired points still in the store's geo sets
 * @param repaired        whether the problems were fixed
 */
public record GeoVerification(long entries, long points, long staleEntries, long missingEntries, long unfinishedMoves,
                       long expired, boolean repaired) implements Verification {

    /** Nothing checked, nothing found. */
    static GeoVerification empty(boolean repaired) {
        return new GeoVerification(0, 0, 0, 0, 0, 0, repaired);
    }

    @Override
    public long examined() {
        return entries + points;
    }

    @Override
    public long disagreements() {
        return staleEntries + missingEntries + unfinishedMoves + expired;
    }

    @Override
    public java.util.List<String> findings() {
        java.util.Map<String, Long> kinds = new java.util.LinkedHashMap<>();
        kinds.put("cell entries of a removed point, at a cell the point left, or outdated", staleEntries);
        kinds.put("points without their entry at their current cell", missingEntries);
        kinds.put("points that still list old entries to delete", unfinishedMoves);
        kinds.put("expired points still stored", expired);
        return Verification.lines(kinds);
    }

    /** This audit with {@code count} expired leftovers more. */
    GeoVerification plusExpired(long count) {
        return new GeoVerification(entries, points, staleEntries, missingEntries, unfinishedMoves, expired + count, repaired);
    }

    GeoVerification plus(GeoVerification other) {
        return new GeoVerification(entries + other.entries, points + other.points, staleEntries + other.staleEntries,
                missingEntries + other.missingEntries, unfinishedMoves + other.unfinishedMoves, expired + other.expired,
                repaired);
    }
}
