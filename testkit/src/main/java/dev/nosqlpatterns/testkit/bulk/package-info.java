/**
 * The bulk paths of the library (entity saves, batches and stream loads, index repair, an add-index migration,
 * geo, search, tree and graph loads, denormalized targets) walked as one table of descriptors: each is crashed
 * at every write and fed an invalid item at every position of its input, and must leave nothing that a read
 * answers wrongly or that its repair cannot complete.
 */
package dev.nosqlpatterns.testkit.bulk;
