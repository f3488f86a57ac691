package dev.nosqlpatterns.examples.library;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An article of the library: written by one author, filed under one category, tagged with
 * keywords, published on a date.
 *
 * @param author    the author's handle, e.g. {@code neumann}
 * @param slug      the article's handle under its author, e.g. {@code theory_of_automata}
 * @param title     the title
 * @param category  the category, e.g. {@code cs.FL}
 * @param published the publication date; its year feeds the category-by-year index
 * @param keywords  keyword handles, e.g. {@code automata}; may be empty
 */
public record LibraryArticle(String author, String slug, String title, String category, LocalDate published,
                             Set<String> keywords) {
    public LibraryArticle {
        List<String> problems = new ArrayList<>();
        checkHandle(problems, "author", author);
        checkHandle(problems, "article slug", slug);
        if (title == null || title.isBlank()) {
            problems.add("title of article '" + slug + "' must not be blank");
        }
        if (category == null || !category.matches("[A-Za-z0-9._-]{1,40}")) {
            problems.add("category '" + category + "' must be 1 to 40 letters, digits, '.', '_' or '-'");
        }
        if (published == null || published.getYear() < 1000 || published.getYear() > 9999) {
            problems.add("publication date " + published + " of article '" + slug + "' must have a four-digit year");
        }
        if (keywords == null) {
            problems.add("keywords of article '" + slug + "' must not be null (use an empty set)");
        } else {
            keywords.forEach(k -> checkHandle(problems, "keyword", k));
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        keywords = Set.copyOf(keywords);
    }

    static void checkHandle(List<String> problems, String what, String handle) {
        if (handle == null || !handle.matches("[a-z0-9_]{1,64}")) {
            problems.add(what + " '" + handle + "' must be 1 to 64 lower-case letters, digits or '_'");
        }
    }
}
