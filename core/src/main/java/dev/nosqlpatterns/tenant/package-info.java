/**
 * Many tenants in one application: {@link dev.nosqlpatterns.tenant.Tenants} gives each tenant a store handle that
 * reaches its data alone, in the bridge model (tables of its own in a shared store), the pool model (tables shared
 * by every tenant, its code leading every key) or the silo model (a store of its own), so that every technique's
 * derived data is tenant-scoped by construction.
 */
package dev.nosqlpatterns.tenant;
