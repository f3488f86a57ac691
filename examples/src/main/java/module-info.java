/**
 * The example applications and their command line: sample domains (a library, a shop, movies, news, a
 * social blog) modelled with the techniques and run on any store. Open, because picocli fills the
 * commands' options and the core maps the examples' records by reflection.
 */
open module dev.nosqlpatterns.examples {
    requires dev.nosqlpatterns.core;
    requires dev.nosqlpatterns.cassandra;
    requires dev.nosqlpatterns.dynamodb;
    requires dev.nosqlpatterns.lucene;
    requires dev.nosqlpatterns.mongodb;
    requires dev.nosqlpatterns.redis;
    requires dev.nosqlpatterns.cassandra.testing;
    requires dev.nosqlpatterns.dynamodb.testing;
    requires dev.nosqlpatterns.lucene.testing;
    requires dev.nosqlpatterns.mongodb.testing;
    requires dev.nosqlpatterns.redis.testing;
    requires info.picocli;

    exports dev.nosqlpatterns.examples;
    exports dev.nosqlpatterns.examples.cli;
    exports dev.nosqlpatterns.examples.demo;
    exports dev.nosqlpatterns.examples.eshop;
    exports dev.nosqlpatterns.examples.library;
    exports dev.nosqlpatterns.examples.movies;
    exports dev.nosqlpatterns.examples.news;
    exports dev.nosqlpatterns.examples.socblog;
}
