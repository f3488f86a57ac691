/**
 * Helpers that the library's own modules share (the retry loop of optimistic writes, the hash that
 * splits keys into segments and shards). Not part of the API: they change without notice, and
 * applications should not use them.
 */
package dev.nosqlpatterns.internal;
