package dev.nosqlpatterns.entity;

/**
 * A stored item cannot be read as the record an entity type maps it to: an attribute has another
 * type than the component it feeds, a number does not fit, a key does not match its template, or the
 * record's constructor refused the values.
 *
 * <p>The message names the record, the component path (such as {@code Article.tags[2]}) and the item
 * or value at fault. Problems with a definition or with a value to be written are reported as
 * {@link IllegalArgumentException} instead, before anything is written.
 */
public class EntityMappingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EntityMappingException(String message) {
        super(message);
    }

    public EntityMappingException(String message, Throwable cause) {
        super(message, cause);
    }
}
