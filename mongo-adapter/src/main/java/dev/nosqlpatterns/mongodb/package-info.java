/**
 * The MongoDB adapter: {@link dev.nosqlpatterns.mongodb.MongoStore} opens a store on MongoDB (or a
 * wire-compatible server) from a client you built or from a {@code mongodb://} URI
 * ({@link dev.nosqlpatterns.mongodb.MongoStoreProvider}); every logical table is a collection and every
 * item a document keyed by partition and sort key.
 *
 * <p>{@link dev.nosqlpatterns.mongodb.GraphLookup} is the MongoDB-only extra: a whole subtree of an
 * adjacency list read in one {@code $graphLookup} request. Everything else here implements the storage SPI.
 */
package dev.nosqlpatterns.mongodb;
