package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import org.bson.BsonDocument;

/**
 * The two size limits every write respects, checked before anything is sent: the store's item limit
 * (as {@link Item#sizeInBytes()} counts) and the server's BSON document limit (16 MiB on MongoDB), which
 * an item under the first can still exceed when it has many small values.
 */
record Sizes(int maxItemBytes, int maxDocumentBytes) {

    /** The document of {@code item}, after checking that it fits both limits. */
    BsonDocument checked(String table, Item item) {
        int size = item.sizeInBytes();
        if (size > maxItemBytes) {
            throw new ItemTooLargeException(table, item.key(), "the item would be " + size
                    + " bytes, more than the store's limit of " + maxItemBytes);
        }
        BsonDocument doc = Documents.of(item);
        long bson = BsonSizes.document(doc);
        if (bson > maxDocumentBytes) {
            throw new ItemTooLargeException(table, item.key(), "as a BSON document the item would be " + bson
                    + " bytes, more than MongoDB's limit of " + maxDocumentBytes + " bytes per document");
        }
        return doc;
    }
}
