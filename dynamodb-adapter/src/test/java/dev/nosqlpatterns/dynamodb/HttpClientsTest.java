package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpService;
import software.amazon.awssdk.http.apache5.Apache5SdkHttpService;
import software.amazon.awssdk.http.urlconnection.UrlConnectionSdkHttpService;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class HttpClientsTest {
    private static final class First implements SdkHttpService {
        @Override
        public SdkHttpClient.Builder<?> createHttpClientBuilder() {
            throw new UnsupportedOperationException();
        }
    }

    private static final class Second implements SdkHttpService {
        @Override
        public SdkHttpClient.Builder<?> createHttpClientBuilder() {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void theOnlyImplementationOnTheClassPathIsTaken() {
        SdkHttpService only = new First();
        assertSame(only, HttpClients.choose(List.of(only), null));
    }

    @Test
    void amongSeveralTheSdksFirstRankedWinsUnlessThePropertyNamesAnother() {
        SdkHttpService apache5 = new Apache5SdkHttpService();
        SdkHttpService urlConnection = new UrlConnectionSdkHttpService();
        SdkHttpService unknown = new First();
        assertSame(apache5, HttpClients.choose(List.of(unknown, urlConnection, apache5), null));
        assertSame(urlConnection, HttpClients.choose(List.of(unknown, urlConnection), null));
        assertSame(urlConnection, HttpClients.choose(List.of(apache5, urlConnection),
                UrlConnectionSdkHttpService.class.getName()));
        SdkHttpService second = new Second();
        assertSame(unknown, HttpClients.choose(List.of(second, unknown), null), "ties go by class name");
    }

    @Test
    void aPropertyNamingAnAbsentImplementationIsRefusedByName() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> HttpClients.choose(List.of(new First()), "com.example.Missing"));
        assertTrue(e.getMessage().contains("com.example.Missing"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> HttpClients.choose(List.of(), null));
    }

    @Test
    void theAdapterAddsNoHttpClientBesideTheSdksDefault() {
        // an application building its own client the SDK's way must not meet "Multiple HTTP implementations"
        try (DynamoDbClient client = DynamoDbClient.builder().region(Region.US_EAST_1)
                .endpointOverride(URI.create("http://127.0.0.1:1"))
                .credentialsProvider(AnonymousCredentialsProvider.create()).build()) {
            assertEquals("dynamodb", client.serviceName());
        }
        try (SdkHttpClient http = HttpClients.build(Duration.ofSeconds(1), Duration.ofSeconds(2));
             SdkHttpClient sdkDefault = new Apache5SdkHttpService().createHttpClientBuilder().build()) {
            assertEquals(sdkDefault.clientName(), http.clientName(),
                    "the SDK's default, though DynamoDB Local brings URLConnection to the tests");
        }
    }
}
