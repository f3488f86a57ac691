/**
 * The DynamoDB adapter: a {@code Store} over Amazon DynamoDB (or DynamoDB Local) through the AWS SDK v2,
 * opened from a {@code DynamoDbClient} the application built or from a {@code dynamodb://} URI.
 */
module dev.nosqlpatterns.dynamodb {
    requires transitive dev.nosqlpatterns.core;
    requires transitive software.amazon.awssdk.services.dynamodb;
    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.awscore;
    requires software.amazon.awssdk.core;
    requires software.amazon.awssdk.http;
    requires software.amazon.awssdk.regions;
    requires software.amazon.awssdk.utils;

    exports dev.nosqlpatterns.dynamodb;

    // the HTTP client of a store opened from a URI is the first the SDK's service loader offers
    uses software.amazon.awssdk.http.SdkHttpService;

    provides dev.nosqlpatterns.store.spi.StoreProvider with dev.nosqlpatterns.dynamodb.DynamoDbStoreProvider;
}
