/**
 * Micrometer observations and meters for the calls a {@code Store} and its techniques make.
 */
module dev.nosqlpatterns.micrometer {
    requires transitive dev.nosqlpatterns.core;
    requires transitive micrometer.core;
    requires transitive micrometer.observation;
    requires micrometer.commons;

    exports dev.nosqlpatterns.micrometer;
}
