/**
 * DynamoDB Local inside the JVM for tests, examples and benchmarks:
 * {@link dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal} runs it in memory on a free port, so a DynamoDB
 * store needs nothing but Maven.
 */
package dev.nosqlpatterns.dynamodb.embedded;
