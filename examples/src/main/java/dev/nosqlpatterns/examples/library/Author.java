package dev.nosqlpatterns.examples.library;

import java.util.ArrayList;
import java.util.List;

/**
 * An author's profile in the library.
 *
 * @param handle      the identity, e.g. {@code neumann}; the key is {@code author:neumann}
 * @param name        the display name
 * @param affiliation where the author works
 */
public record Author(String handle, String name, String affiliation) {
    public Author {
        List<String> problems = new ArrayList<>();
        LibraryArticle.checkHandle(problems, "author", handle);
        if (name == null || name.isBlank()) {
            problems.add("name of author '" + handle + "' must not be blank");
        }
        if (affiliation == null) {
            problems.add("affiliation of author '" + handle + "' must not be null");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }
}
