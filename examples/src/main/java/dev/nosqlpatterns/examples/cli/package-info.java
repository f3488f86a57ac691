/**
 * The command-line program of the reference applications: {@link dev.nosqlpatterns.examples.cli.ExamplesCli}
 * lists them, runs one on a store with what each access pattern returned and cost, or shows the physical
 * items its tables hold. {@link dev.nosqlpatterns.examples.cli.StoreOpener} turns a store kind or URI into a
 * store, starting the embedded server of the kind when no URI names one.
 */
package dev.nosqlpatterns.examples.cli;
