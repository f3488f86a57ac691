package dev.nosqlpatterns.benchmarks;

/**
 * A user of the bulk family's load comparison ({@link BulkLoadCells}): an id, a unique e-mail address and a
 * city. Public so that the library's record mapping can read it, as it reads an application's records.
 *
 * @param id    the user's id, the key of its item
 * @param email its e-mail address, unique among the users (a unique index table)
 * @param city  its city (a non-unique index table)
 */
public record BulkUser(String id, String email, String city) {
}
