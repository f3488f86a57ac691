/**
 * The conformance kit: abstract JUnit suites every adapter runs against its store, one per technique,
 * and the fixtures they share. The module is open because JUnit runs the suites' test methods by
 * reflection from the module of the adapter's test classes.
 */
open module dev.nosqlpatterns.testkit {
    requires transitive dev.nosqlpatterns.core;
    requires transitive org.junit.jupiter.api;
    requires transitive org.junit.jupiter.params;

    exports dev.nosqlpatterns.testkit.aggregate;
    exports dev.nosqlpatterns.testkit.composite;
    exports dev.nosqlpatterns.testkit.denormalize;
    exports dev.nosqlpatterns.testkit.entity;
    exports dev.nosqlpatterns.testkit.enumerable;
    exports dev.nosqlpatterns.testkit.geo;
    exports dev.nosqlpatterns.testkit.graph;
    exports dev.nosqlpatterns.testkit.index;
    exports dev.nosqlpatterns.testkit.key;
    exports dev.nosqlpatterns.testkit.migration;
    exports dev.nosqlpatterns.testkit.nested;
    exports dev.nosqlpatterns.testkit.relation;
    exports dev.nosqlpatterns.testkit.rollup;
    exports dev.nosqlpatterns.testkit.scan;
    exports dev.nosqlpatterns.testkit.search;
    exports dev.nosqlpatterns.testkit.tenant;
    exports dev.nosqlpatterns.testkit.tree;
    exports dev.nosqlpatterns.testkit;
}
