package dev.nosqlpatterns.spring;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.mongodb.client.MongoClient;
import dev.nosqlpatterns.cassandra.CassandraStore;
import dev.nosqlpatterns.dynamodb.DynamoDbStore;
import dev.nosqlpatterns.lucene.LuceneStore;
import dev.nosqlpatterns.mongodb.MongoStore;
import dev.nosqlpatterns.redis.RedisStore;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import redis.clients.jedis.UnifiedJedis;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A {@link Store} bean for a Spring Boot application, unless it defines its own: opened from
 * {@code nosqlpatterns.store.uri} when set (any store {@link Stores} can open whose adapter is on the
 * class path), otherwise built around the one client bean of a store's driver the application already has
 * ({@code DynamoDbClient}, {@code CqlSession}, {@code MongoClient}, {@code UnifiedJedis}, Lucene
 * {@code IndexWriter} or {@code Directory}), which the store uses and never closes. With Spring Boot's health module present, a
 * {@code nosqlpatterns} health indicator reads from the store ({@link NosqlPatternsHealthAutoConfiguration}).
 */
@AutoConfiguration
@EnableConfigurationProperties(NosqlPatternsProperties.class)
public class NosqlPatternsAutoConfiguration {

    /** The store at {@code nosqlpatterns.store.uri}; closed with the application context. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "nosqlpatterns.store", name = "uri")
    static class FromUri {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(Store.class)
        Store nosqlPatternsStore(NosqlPatternsProperties properties) {
            return Stores.open(properties.store().uri());
        }
    }

    /** From a {@code DynamoDbClient} bean. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({DynamoDbStore.class, DynamoDbClient.class})
    @Conditional(NoStoreUri.class)
    static class FromDynamoDbClient {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(Store.class)
        @ConditionalOnSingleCandidate(DynamoDbClient.class)
        Store nosqlPatternsStore(DynamoDbClient client) {
            return DynamoDbStore.builder().client(client).build();
        }
    }

    /** From a {@code CqlSession} bean, in its keyspace or {@code nosqlpatterns.store.namespace}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({CassandraStore.class, CqlSession.class})
    @Conditional(NoStoreUri.class)
    static class FromCqlSession {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(Store.class)
        @ConditionalOnSingleCandidate(CqlSession.class)
        Store nosqlPatternsStore(CqlSession session, NosqlPatternsProperties properties) {
            String keyspace = session.getKeyspace().map(CqlIdentifier::asInternal)
                    .orElse(properties.store().namespace());
            return CassandraStore.builder().session(session).keyspace(keyspace).build();
        }
    }

    /** From a {@code MongoClient} bean, in database {@code nosqlpatterns.store.namespace}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({MongoStore.class, MongoClient.class})
    @Conditional(NoStoreUri.class)
    static class FromMongoClient {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(Store.class)
        @ConditionalOnSingleCandidate(MongoClient.class)
        Store nosqlPatternsStore(MongoClient client, NosqlPatternsProperties properties) {
            return MongoStore.builder().client(client).database(properties.store().namespace()).build();
        }
    }

    /** From a {@code UnifiedJedis} bean (a pooled client or a cluster client). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({RedisStore.class, UnifiedJedis.class})
    @Conditional(NoStoreUri.class)
    static class FromUnifiedJedis {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(Store.class)
        @ConditionalOnSingleCandidate(UnifiedJedis.class)
        Store nosqlPatternsStore(UnifiedJedis client) {
            return RedisStore.builder().client(client).build();
        }
    }

    /** From a Lucene {@code IndexWriter} bean (one with no index sort). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({LuceneStore.class, IndexWriter.class})
    @Conditional(NoStoreUri.class)
    static class FromIndexWriter {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(Store.class)
        @ConditionalOnSingleCandidate(IndexWriter.class)
        Store nosqlPatternsStore(IndexWriter writer) {
            return LuceneStore.builder().indexWriter(writer).build();
        }
    }

    /**
     * From a Lucene {@code Directory} bean, when there is no {@code IndexWriter} bean (which would hold the
     * directory's write lock): the store opens and closes its own writer on it, never the directory.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({LuceneStore.class, Directory.class})
    @Conditional(NoStoreUri.class)
    static class FromDirectory {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean({Store.class, IndexWriter.class})
        @ConditionalOnSingleCandidate(Directory.class)
        Store nosqlPatternsStore(Directory directory) {
            return LuceneStore.builder().directory(directory).build();
        }
    }
}
