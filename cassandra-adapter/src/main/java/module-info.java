/**
 * The Cassandra adapter: a {@code Store} over Apache Cassandra through the Java driver 4, opened from a
 * {@code CqlSession} the application built or from a {@code cassandra://} URI.
 */
module dev.nosqlpatterns.cassandra {
    requires transitive dev.nosqlpatterns.core;
    // the driver's jar has no Automatic-Module-Name: this name is derived from the jar's file name
    requires transitive java.driver.core;
    requires com.datastax.oss.protocol;
    requires org.slf4j;

    exports dev.nosqlpatterns.cassandra;

    provides dev.nosqlpatterns.store.spi.StoreProvider with dev.nosqlpatterns.cassandra.CassandraStoreProvider;
}
