/**
 * The Amazon DynamoDB adapter: {@link dev.nosqlpatterns.dynamodb.DynamoDbStore} opens a store on DynamoDB
 * or DynamoDB Local, from a client you built or from a {@code dynamodb:} URI
 * ({@link dev.nosqlpatterns.dynamodb.DynamoDbStoreProvider}). DynamoDB reports the capacity units of every
 * call, which the store passes on to its cost listeners.
 *
 * <p>Everything else here implements the storage SPI.
 */
package dev.nosqlpatterns.dynamodb;
