package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.TaskContext;
import org.apache.spark.util.TaskCompletionListener;

/**
 * What every task does first: get the store of its URI. The tasks of one executor JVM share one store per URI
 * (opening one, a client with its connections, can take a second, as long as a task's work); a store no task
 * has used for {@value #IDLE_SECONDS} seconds is closed by the next task that opens one, and the rest when the
 * JVM exits. Stores are safe for concurrent use, as the adapters document. A task of one tenant gets the tenant's
 * handle on that store, cached with it: one {@code Tenants} per tenancy and store, one handle per tenant.
 */
final class Tasks {
    /** How long a store no task uses stays open. */
    static final long IDLE_SECONDS = 60;

    private static final Map<String, Shared> OPEN = new HashMap<>();
    private static boolean hooked;

    private Tasks() {
    }

    /** One store of a URI and how many running tasks use it. */
    private static final class Shared {
        final Store store;
        final Map<String, Tenants> tenancies = new ConcurrentHashMap<>();
        int users;
        long idleSince;

        Shared(Store store) {
            this.store = store;
        }
    }

    /**
     * The store of {@code uri} for the running task, released when the task ends. Outside a task (on the
     * driver), a store of the caller's own, which the caller closes.
     */
    static Store open(String uri) {
        TaskContext task = TaskContext.get();
        if (task == null) {
            return Stores.open(uri);
        }
        Shared shared = acquire(uri);
        task.addTaskCompletionListener((TaskCompletionListener) context -> release(shared));
        return shared.store;
    }

    /**
     * The store of a table's options for the running task: the store of its URI, or, for a tenant's table, the
     * tenant's handle on it (both released when the task ends).
     *
     * @throws IllegalStateException for a tenant's table outside a task: the driver opens the shared store itself
     *                               and scopes it ({@link TenantOptions#scope})
     */
    static Store open(TableOptions options) {
        return open(options.uri(), options.tenant().orElse(null));
    }

    /** {@link #open(TableOptions)} for a store URI and a tenant (null: none). */
    static Store open(String uri, TenantOptions tenant) {
        if (tenant == null) {
            return open(uri);
        }
        TaskContext task = TaskContext.get();
        if (task == null) {
            throw new IllegalStateException("a store of " + tenant + " outside a task: open the shared store and"
                    + " scope it with TenantOptions.scope(store)");
        }
        Shared shared = acquire(uri);
        task.addTaskCompletionListener((TaskCompletionListener) context -> release(shared));
        return shared.tenancies.computeIfAbsent(tenant.tenancyKey(), k -> tenant.tenants(shared.store))
                .forTenant(tenant.tenantId());
    }

    private static Shared acquire(String uri) {
        List<Store> idle = new ArrayList<>();
        Shared shared;
        synchronized (OPEN) {
            long now = System.nanoTime();
            OPEN.entrySet().removeIf(e -> {
                Shared s = e.getValue();
                boolean unused = s.users == 0 && now - s.idleSince > IDLE_SECONDS * 1_000_000_000L;
                if (unused) {
                    idle.add(s.store);
                }
                return unused;
            });
            if (!hooked) {
                Runtime.getRuntime().addShutdownHook(new Thread(Tasks::closeAll, "nosqlpatterns-task-stores-close"));
                hooked = true;
            }
            shared = OPEN.get(uri);
            if (shared == null) {
                shared = new Shared(Stores.open(uri));
                OPEN.put(uri, shared);
            }
            shared.users++;
        }
        idle.forEach(Tasks::closeQuietly);
        return shared;
    }

    private static void release(Shared shared) {
        synchronized (OPEN) {
            shared.users--;
            shared.idleSince = System.nanoTime();
        }
    }

    private static void closeAll() {
        List<Store> all;
        synchronized (OPEN) {
            all = OPEN.values().stream().map(s -> s.store).toList();
            OPEN.clear();
        }
        all.forEach(Tasks::closeQuietly);
    }

    private static void closeQuietly(Store store) {
        try {
            store.close();
        } catch (RuntimeException e) {
            // Closing a store whose server is gone: nothing left to release.
        }
    }
}
