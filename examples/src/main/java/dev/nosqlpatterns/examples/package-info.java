/**
 * Reference applications built with the library, each runnable on any store: News Goggles, an article
 * library, SocBlog, a movie database and an eShop, one sub-package each, whose access patterns are named,
 * documented methods. Read them to see the techniques combined into a whole data model.
 *
 * <p>Every application implements {@link dev.nosqlpatterns.examples.Example}: it creates its tables, loads
 * its sample data and returns a {@link dev.nosqlpatterns.examples.Session} of
 * {@link dev.nosqlpatterns.examples.AccessPattern}s, which the command line in
 * {@link dev.nosqlpatterns.examples.cli} runs, measures and explains the same way for all.
 */
package dev.nosqlpatterns.examples;
