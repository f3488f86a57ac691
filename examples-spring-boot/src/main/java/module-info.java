/**
 * The news example as a Spring Boot web application, its store configured by the starter. Open, because
 * Spring creates and wires the application's beans and controllers by reflection.
 */
open module dev.nosqlpatterns.examples.spring {
    requires dev.nosqlpatterns.core;
    requires dev.nosqlpatterns.examples;
    requires dev.nosqlpatterns.spring;
    requires spring.beans;
    requires spring.boot;
    requires spring.boot.autoconfigure;
    requires spring.context;
    requires spring.web;

    exports dev.nosqlpatterns.examples.spring;
}
