package dev.nosqlpatterns.dynamodb;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * How the store builds its own client from a URI: endpoint, region, credentials and timeouts. The
 * client does not retry by itself, so that the store's bounded retries are the only ones and every
 * attempt is counted as a round trip.
 */
final class ClientSettings {
    URI endpoint;
    String region;
    boolean defaultCredentials;
    Duration connectTimeout = Duration.ofSeconds(2);
    Duration socketTimeout = Duration.ofSeconds(30);

    void check(List<String> problems) {
        if (endpoint == null && region == null) {
            problems.add("a URI without host and port needs a region option, e.g. dynamodb:///?region=eu-west-1");
        }
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            problems.add("connect timeout must be positive, got " + connectTimeout);
        }
        if (socketTimeout.isNegative() || socketTimeout.isZero()) {
            problems.add("socket timeout must be positive, got " + socketTimeout);
        }
    }

    DynamoDbClient build() {
        DynamoDbClientBuilder b = DynamoDbClient.builder()
                .httpClient(HttpClients.build(connectTimeout, socketTimeout))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .region(Region.of(region != null ? region : "us-east-1"));
        if (endpoint != null) {
            b.endpointOverride(endpoint);
        }
        if (endpoint != null && !defaultCredentials) {
            // DynamoDB Local accepts any credentials; its tables belong to the key and region unless -sharedDb
            b.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        } else {
            b.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return b.build();
    }
}
