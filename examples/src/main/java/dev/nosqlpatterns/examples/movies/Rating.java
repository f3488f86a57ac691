package dev.nosqlpatterns.examples.movies;

import java.math.BigDecimal;

/**
 * A title's rating ({@code RTNG} item): kept apart from the other items because it changes often, so an
 * update writes one small item.
 *
 * @param averageRating the average, e.g. {@code 7.4}
 * @param numVotes      the number of votes
 */
public record Rating(BigDecimal averageRating, long numVotes) {
    /** The same rating with the average's trailing zeros dropped, so equal ratings compare equal. */
    public Rating normalised() {
        return new Rating(averageRating.stripTrailingZeros(), numVotes);
    }
}
