package dev.nosqlpatterns.examples.library;

/**
 * An article's title as the keyword lists carry it (a copy kept on each keyword entry, so listing the
 * titles for a keyword is one query with no join).
 *
 * @param author the author's handle
 * @param slug   the article's handle under its author
 * @param title  the title
 */
public record ArticleTitle(String author, String slug, String title) {
}
