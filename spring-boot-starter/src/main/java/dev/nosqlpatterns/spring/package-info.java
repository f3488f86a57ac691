/**
 * Spring Boot auto-configuration of a nosqlpatterns {@code Store}: from {@code nosqlpatterns.store.uri} or
 * from a store client bean the application already has, with a health indicator.
 */
package dev.nosqlpatterns.spring;
