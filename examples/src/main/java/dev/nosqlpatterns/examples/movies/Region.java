package dev.nosqlpatterns.examples.movies;

/**
 * A title's release in a region ({@code REGN} item), from {@code title.akas.tsv}.
 *
 * @param region   the region code, e.g. {@code NZ}
 * @param title    the title shown there
 * @param language the language code, or empty
 */
public record Region(String region, String title, String language) {
}
