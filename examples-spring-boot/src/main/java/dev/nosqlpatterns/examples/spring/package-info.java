/**
 * News Goggles as a Spring Boot web application: {@link dev.nosqlpatterns.examples.spring.NewsApplication}
 * opens the application over the store the starter configures and serves each of its access patterns over
 * HTTP. Come here for a worked example of the starter in an application.
 */
package dev.nosqlpatterns.examples.spring;
