package dev.nosqlpatterns.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The machine, JVM and library versions a run used, so a report can be read (and its numbers
 * reproduced) without guessing where it came from.
 */
final class Environment {
    private Environment() {
    }

    /** Name to value, in display order: machine first, then JVM, then library versions. */
    static Map<String, String> describe() {
        Map<String, String> out = new LinkedHashMap<>();
        Runtime rt = Runtime.getRuntime();
        out.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
                + System.getProperty("os.arch") + ")");
        out.put("processors", Integer.toString(rt.availableProcessors()));
        out.put("max heap", rt.maxMemory() / (1024 * 1024) + " MB");
        out.put("JVM", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        out.put("JVM arguments", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        out.putAll(versions());
        return out;
    }

    static Map<String, String> versions() {
        Properties p = new Properties();
        try (InputStream in = Environment.class.getResourceAsStream("versions.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled versions", e);
        }
        Map<String, String> out = new TreeMap<>();
        p.forEach((k, v) -> out.put(k.toString(), v.toString()));
        return out;
    }
}
