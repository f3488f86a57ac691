/**
 * An in-process MongoDB wire-protocol server for tests, examples and benchmarks:
 * {@link dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo} binds it to 127.0.0.1 on a free port, so a
 * MongoDB store needs no installed {@code mongod}.
 */
package dev.nosqlpatterns.mongodb.embedded;
