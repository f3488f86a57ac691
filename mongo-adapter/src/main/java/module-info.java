/**
 * The MongoDB adapter: a {@code Store} over MongoDB through the synchronous Java driver, opened from a
 * {@code MongoClient} the application built or from a {@code mongodb://} URI.
 */
module dev.nosqlpatterns.mongodb {
    requires transitive dev.nosqlpatterns.core;
    requires transitive org.mongodb.driver.sync.client;
    requires transitive org.mongodb.driver.core;
    requires transitive org.mongodb.bson;

    exports dev.nosqlpatterns.mongodb;

    provides dev.nosqlpatterns.store.spi.StoreProvider with dev.nosqlpatterns.mongodb.MongoStoreProvider;
}
