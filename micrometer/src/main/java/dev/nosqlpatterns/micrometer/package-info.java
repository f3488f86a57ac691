/**
 * Micrometer for nosqlpatterns: {@link dev.nosqlpatterns.micrometer.NosqlPatternsObservation#bind} makes every
 * store call and every technique call of a {@link dev.nosqlpatterns.store.Store} a Micrometer
 * {@link io.micrometer.observation.Observation} (a span, under a tracing bridge, with the store calls of a
 * technique call as its children) and records timers and counters of what the calls cost.
 */
package dev.nosqlpatterns.micrometer;
