/**
 * Spring Boot auto-configuration of a {@code Store} from the application's properties or from a driver
 * client bean, with a health indicator and Micrometer observations when those are on the class path.
 * The adapters, drivers, health and Micrometer modules are optional: the auto-configuration of each
 * applies only when its classes are present.
 */
module dev.nosqlpatterns.spring {
    requires transitive dev.nosqlpatterns.core;
    requires spring.beans;
    requires spring.boot;
    requires spring.boot.autoconfigure;
    requires spring.context;
    requires spring.core;
    requires static spring.boot.health;
    requires static spring.web;
    requires static jakarta.servlet;

    requires static dev.nosqlpatterns.cassandra;
    requires static dev.nosqlpatterns.dynamodb;
    requires static dev.nosqlpatterns.lucene;
    requires static dev.nosqlpatterns.micrometer;
    requires static dev.nosqlpatterns.mongodb;
    requires static dev.nosqlpatterns.redis;

    exports dev.nosqlpatterns.spring;
    // Spring creates the configuration classes and binds the properties records by reflection
    opens dev.nosqlpatterns.spring to spring.beans, spring.boot, spring.context, spring.core;
}
