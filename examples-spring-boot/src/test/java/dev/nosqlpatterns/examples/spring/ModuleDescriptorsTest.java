package dev.nosqlpatterns.examples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.module.ResolvedModule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The project's module descriptors hold together at run time, which compiling each module alone does not
 * prove: every module a descriptor requires is found, the modules load into one layer without two of
 * them sharing a package, and the store providers they declare load from the layer. The tests
 * themselves run on the class path; this one reads the descriptors from it. This module sees every
 * module that has a descriptor (the Spark modules and the benchmarks have none; see their READMEs).
 */
class ModuleDescriptorsTest {
    /** The modules with a descriptor; each must be on this module's test class path. */
    private static final Set<String> MODULES = Set.of(
            "dev.nosqlpatterns.core",
            "dev.nosqlpatterns.cassandra",
            "dev.nosqlpatterns.dynamodb",
            "dev.nosqlpatterns.lucene",
            "dev.nosqlpatterns.mongodb",
            "dev.nosqlpatterns.redis",
            "dev.nosqlpatterns.cassandra.testing",
            "dev.nosqlpatterns.dynamodb.testing",
            "dev.nosqlpatterns.lucene.testing",
            "dev.nosqlpatterns.mongodb.testing",
            "dev.nosqlpatterns.redis.testing",
            "dev.nosqlpatterns.testkit",
            "dev.nosqlpatterns.micrometer",
            "dev.nosqlpatterns.spring",
            "dev.nosqlpatterns.examples",
            "dev.nosqlpatterns.examples.spring");

    /** The modules that may see the storage SPI and the internal helpers. */
    private static final Set<String> LIBRARY_INTERNALS = Set.of(
            "dev.nosqlpatterns.cassandra",
            "dev.nosqlpatterns.dynamodb",
            "dev.nosqlpatterns.lucene",
            "dev.nosqlpatterns.mongodb",
            "dev.nosqlpatterns.redis",
            "dev.nosqlpatterns.testkit");

    /** Every module the test class path holds, by name, the first of a name winning; jars that are none are left out. */
    private static Map<String, ModuleReference> observable() {
        Map<String, ModuleReference> found = new LinkedHashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (!Files.exists(path) || path.endsWith("test-classes")) {
                continue;
            }
            try {
                for (ModuleReference ref : ModuleFinder.of(path).findAll()) {
                    found.putIfAbsent(ref.descriptor().name(), ref);
                }
            } catch (FindException e) {
                // no module name can be derived (e.g. Scala's jars): such a jar can only be on the class path
            }
        }
        return found;
    }

    /** The project's modules and, transitively, every module they require (other than static requires). */
    private static Map<String, ModuleReference> closure(Map<String, ModuleReference> observable, Set<String> missing) {
        Map<String, ModuleReference> closure = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>(new TreeSet<>(MODULES));
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (closure.containsKey(name) || ModuleLayer.boot().findModule(name).isPresent()) {
                continue;
            }
            ModuleReference ref = observable.get(name);
            if (ref == null) {
                missing.add(name);
                continue;
            }
            closure.put(name, ref);
            for (ModuleDescriptor.Requires r : ref.descriptor().requires()) {
                if (!r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC)) {
                    todo.push(r.name());
                }
            }
        }
        return closure;
    }

    @Test
    void everyDescriptorResolvesAndLoadsIntoOneLayer() throws ClassNotFoundException {
        Set<String> missing = new TreeSet<>();
        Map<String, ModuleReference> modules = closure(observable(), missing);
        assertEquals(Set.of(), missing, "required modules not found on " + System.getProperty("java.class.path"));
        for (String name : MODULES) {
            assertTrue(!modules.get(name).descriptor().isAutomatic(), name + " has no module-info.class");
        }
        ModuleFinder finder = new ModuleFinder() {
            @Override
            public Optional<ModuleReference> find(String name) {
                return Optional.ofNullable(modules.get(name));
            }

            @Override
            public Set<ModuleReference> findAll() {
                return Set.copyOf(modules.values());
            }
        };
        Configuration configuration = ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(), MODULES);
        // one loader for all: two modules with a package in common fail here
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(configuration, ClassLoader.getPlatformClassLoader());

        // the providers the descriptors declare, each loaded from the layer and checked to be one (the SPI is
        // not exported to this test's unnamed module, so ServiceLoader cannot be asked here)
        String service = "dev.nosqlpatterns.store.spi.StoreProvider";
        Class<?> provider = layer.findLoader("dev.nosqlpatterns.core").loadClass(service);
        Set<String> providers = new TreeSet<>();
        for (ResolvedModule m : configuration.modules()) {
            for (ModuleDescriptor.Provides p : m.reference().descriptor().provides()) {
                if (p.service().equals(service)) {
                    for (String name : p.providers()) {
                        Class<?> type = layer.findLoader(m.name()).loadClass(name);
                        assertTrue(provider.isAssignableFrom(type), name + " is no " + service);
                        assertEquals(m.name(), type.getModule().getName(), name + " is loaded from another module");
                        providers.add(name);
                    }
                }
            }
        }
        assertEquals(new TreeSet<>(List.of(
                "dev.nosqlpatterns.cassandra.CassandraStoreProvider",
                "dev.nosqlpatterns.dynamodb.DynamoDbStoreProvider",
                "dev.nosqlpatterns.lucene.LuceneStoreProvider",
                "dev.nosqlpatterns.mongodb.MongoStoreProvider",
                "dev.nosqlpatterns.redis.RedisStoreProvider",
                "dev.nosqlpatterns.redis.RedisTlsStoreProvider",
                "dev.nosqlpatterns.store.memory.MemoryStoreProvider")), providers);
    }

    @Test
    void onlyTheAdaptersAndTheKitSeeTheSpiAndTheInternals() {
        ModuleDescriptor core = observable().get("dev.nosqlpatterns.core").descriptor();
        Map<String, Set<String>> qualified = core.exports().stream().filter(ModuleDescriptor.Exports::isQualified)
                .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
        assertEquals(Set.of("dev.nosqlpatterns.internal", "dev.nosqlpatterns.store.spi"), qualified.keySet());
        qualified.forEach((pkg, targets) -> assertTrue(LIBRARY_INTERNALS.containsAll(targets), pkg + " is exported to " + targets));
        assertTrue(core.exports().stream().noneMatch(e -> !e.isQualified()
                && (e.source().startsWith("dev.nosqlpatterns.internal") || e.source().startsWith("dev.nosqlpatterns.store.spi"))));
        assertTrue(!core.isOpen() && core.opens().isEmpty(), "core opens packages: " + core.opens());
    }
}
