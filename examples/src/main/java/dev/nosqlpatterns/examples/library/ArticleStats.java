package dev.nosqlpatterns.examples.library;

import java.util.Set;

/**
 * An article's reading figures, kept beside the article rather than in it: counting a view is then a partial
 * update of this small entity, which moves none of the article's index entries. Versioned, so that an editor's
 * reset applies only to the figures the editor saw.
 *
 * @param author  the article's author handle
 * @param slug    the article's handle under its author
 * @param views   views counted
 * @param readers handles of the distinct readers
 * @param version the optimistic version the store keeps (0 before the first write)
 */
public record ArticleStats(String author, String slug, long views, Set<String> readers, long version) {
    public ArticleStats {
        readers = Set.copyOf(readers);
    }
}
