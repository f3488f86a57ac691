package dev.nosqlpatterns.examples.movies;

/**
 * One cast or crew credit as a {@code DETL} item holds it: the person's part in a title, with the title's
 * metadata copied on (the original design's denormalization: titles and credits are read together and never change
 * after release).
 *
 * @param tconst      the title id, e.g. {@code tt9000001}
 * @param nconst      the person's id, e.g. {@code nm9000002}
 * @param category    the part, e.g. {@code actor}, {@code director}
 * @param primaryName the person's name
 * @param title       the title's primary title
 * @param startYear   the title's release year
 * @param genres      the title's genres, comma-separated as in the TSV
 * @param job         the job, for crew credits that name one; null otherwise
 * @param characters  the characters played, for cast credits that name them; null otherwise
 */
public record Credit(String tconst, String nconst, String category, String primaryName, String title,
                     String startYear, String genres, String job, String characters) {
}
