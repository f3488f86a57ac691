/**
 * For tests only: DynamoDB Local started in process, on a free port.
 */
module dev.nosqlpatterns.dynamodb.testing {
    // DynamoDB Local's jar has no Automatic-Module-Name: this name is derived from the jar's file name
    requires DynamoDBLocal;
    requires aws.java.sdk.core;

    exports dev.nosqlpatterns.dynamodb.embedded;
}
