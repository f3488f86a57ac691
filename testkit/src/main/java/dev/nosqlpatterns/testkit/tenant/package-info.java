/** Suites that prove tenants kept apart by {@link dev.nosqlpatterns.tenant.Tenants} never see each other's data. */
package dev.nosqlpatterns.testkit.tenant;
