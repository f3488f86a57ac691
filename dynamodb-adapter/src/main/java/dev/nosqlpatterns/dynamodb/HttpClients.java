package dev.nosqlpatterns.dynamodb;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpConfigurationOption;
import software.amazon.awssdk.http.SdkHttpService;
import software.amazon.awssdk.utils.AttributeMap;

/**
 * Picks the synchronous HTTP client for a client the store builds itself, the way the AWS SDK picks
 * one: the implementation the system property {@value #IMPLEMENTATION_PROPERTY} names, else the one on the
 * class path that the SDK ranks first (Apache 5, the SDK's default, then Apache 4, then URLConnection).
 * The adapter depends on no HTTP client of its own, so an application that swaps the SDK's default keeps
 * its choice, and the store only adds its timeouts.
 */
final class HttpClients {
    /** The AWS SDK's own system property for choosing among several synchronous implementations. */
    static final String IMPLEMENTATION_PROPERTY = "software.amazon.awssdk.http.service.impl";

    private static final List<String> SDK_ORDER = List.of(
            "software.amazon.awssdk.http.apache5.Apache5SdkHttpService",
            "software.amazon.awssdk.http.apache.ApacheSdkHttpService",
            "software.amazon.awssdk.http.urlconnection.UrlConnectionSdkHttpService");

    private HttpClients() {
    }

    static SdkHttpClient build(Duration connectTimeout, Duration socketTimeout) {
        List<SdkHttpService> found = new ArrayList<>();
        ServiceLoader.load(SdkHttpService.class, HttpClients.class.getClassLoader()).forEach(found::add);
        SdkHttpService service = choose(found, System.getProperty(IMPLEMENTATION_PROPERTY));
        return service.createHttpClientBuilder().buildWithDefaults(AttributeMap.builder()
                .put(SdkHttpConfigurationOption.CONNECTION_TIMEOUT, connectTimeout)
                .put(SdkHttpConfigurationOption.READ_TIMEOUT, socketTimeout)
                .build());
    }

    /** The implementation to use among those found, or an error that says how to choose one. */
    static SdkHttpService choose(List<SdkHttpService> found, String requested) {
        if (requested != null && !requested.isBlank()) {
            return found.stream().filter(s -> s.getClass().getName().equals(requested)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("the system property " + IMPLEMENTATION_PROPERTY
                            + " names " + requested + ", which is not on the class path; found " + names(found)));
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no synchronous AWS SDK HTTP client is on the class path: add "
                    + "software.amazon.awssdk:apache5-client (the SDK's default), apache-client or "
                    + "url-connection-client, or pass your own client with DynamoDbStore.builder().client(...)");
        }
        return found.stream().min(Comparator.comparingInt(HttpClients::rank)
                .thenComparing(s -> s.getClass().getName())).orElseThrow();
    }

    private static int rank(SdkHttpService service) {
        int rank = SDK_ORDER.indexOf(service.getClass().getName());
        return rank < 0 ? SDK_ORDER.size() : rank;
    }

    private static List<String> names(List<SdkHttpService> found) {
        return found.stream().map(s -> s.getClass().getName()).toList();
    }
}
