package dev.nosqlpatterns.tree;

/**
 * Fractional rank keys that order siblings in materialized paths: a new rank can always be made between
 * any two, so placing a child never renumbers its siblings.
 *
 * <p>A rank is a non-empty string of the 62 ASCII digits and letters, read as a base-62 fraction
 * ({@code 0} is the smallest digit, {@code z} the largest) that never ends in {@code 0}. For such strings
 * the order of the fractions is the byte order of the strings, so ranks sort correctly as sort-key
 * segments. Appending after the last rank increments its first digit where it can, and prepending before
 * the first decrements it, so runs of appends or prepends grow ranks by one character per 30 or so;
 * inserting between two ranks takes the midpoint, so a run of inserts at one place grows them by one
 * character per 5 or so.
 */
final class Ranks {
    static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int BASE = DIGITS.length();
    /** The rank of a first child, and of every root. */
    static final String FIRST = "V";

    private Ranks() {
    }

    /**
     * A rank strictly between {@code low} and {@code high}; a null bound is open (below every rank, or
     * above every rank).
     *
     * @throws IllegalArgumentException when a bound is not a rank or {@code low >= high}
     */
    static String between(String low, String high) {
        if (low != null) {
            check(low);
        }
        if (high != null) {
            check(high);
            if (low != null && low.compareTo(high) >= 0) {
                throw new IllegalArgumentException("rank '" + low + "' is not below rank '" + high + "'");
            }
        }
        if (low == null && high == null) {
            return FIRST;
        }
        String a = low == null ? "" : low;
        boolean open = high == null;
        boolean narrowed = false;
        StringBuilder out = new StringBuilder();
        for (int i = 0; ; i++) {
            int da = i < a.length() ? digit(a.charAt(i)) : 0;
            int db = open ? BASE : i < high.length() ? digit(high.charAt(i)) : 0;
            if (!narrowed && open && da + 1 < BASE) {
                return out.append(DIGITS.charAt(da + 1)).toString();
            }
            if (!narrowed && low == null && !open && db - 1 > da) {
                return out.append(DIGITS.charAt(db - 1)).toString();
            }
            if (db - da > 1) {
                return out.append(DIGITS.charAt((da + db) / 2)).toString();
            }
            out.append(DIGITS.charAt(da));
            if (da != db && !open) {
                // The bounds part here by one digit: from now on anything above the rest of low fits, and
                // the middle of that range leaves room on both sides.
                open = true;
                narrowed = true;
            }
        }
    }

    /** Checks that {@code rank} is a valid rank. */
    static String check(String rank) {
        if (rank.isEmpty() || rank.charAt(rank.length() - 1) == '0') {
            throw new IllegalArgumentException("'" + rank + "' is not a rank: it is empty or ends in '0'");
        }
        for (int i = 0; i < rank.length(); i++) {
            digit(rank.charAt(i));
        }
        return rank;
    }

    private static int digit(char c) {
        int d = DIGITS.indexOf(c);
        if (d < 0) {
            throw new IllegalArgumentException("'" + c + "' is not a rank digit");
        }
        return d;
    }
}
