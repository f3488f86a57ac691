/**
 * A first tour of the store API: {@link dev.nosqlpatterns.examples.demo.ItemCollectionDemo} stores a news
 * subscriber as one item collection and reads it back with one query per access pattern, printing what each
 * call cost. Start here before the larger applications.
 */
package dev.nosqlpatterns.examples.demo;
