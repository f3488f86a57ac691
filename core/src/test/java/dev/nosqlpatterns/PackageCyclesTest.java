package dev.nosqlpatterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Core's packages depend on one another in one direction only: the model, then the storage SPI, then the
 * facade and the techniques. Dependencies are read from the sources (imports and qualified names), so
 * a cycle is reported with the classes that make it.
 */
class PackageCyclesTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.nosqlpatterns(?:\\.[a-z]\\w*)+)\\.[A-Z]");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** For each package, the packages it uses and, for each, the files that use it. */
    private static Map<String, Map<String, Set<String>>> graph() throws IOException {
        Map<String, Map<String, Set<String>>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                Matcher declared = PACKAGE.matcher(source);
                if (!declared.find()) {
                    continue;
                }
                String from = declared.group(1);
                Map<String, Set<String>> edges = uses.computeIfAbsent(from, k -> new TreeMap<>());
                Matcher ref = REFERENCE.matcher(COMMENT.matcher(source).replaceAll(" "));
                while (ref.find()) {
                    String to = ref.group(1);
                    if (!to.equals(from)) {
                        edges.computeIfAbsent(to, k -> new TreeSet<>()).add(file.getFileName().toString());
                    }
                }
            }
        }
        return uses;
    }

    @Test
    void coreHasNoPackageCycle() throws IOException {
        Map<String, Map<String, Set<String>>> uses = graph();
        assertTrue(uses.size() > 10, "the sources were found at " + SOURCES.toAbsolutePath());
        List<List<String>> cycles = stronglyConnected(uses).stream().filter(c -> c.size() > 1).toList();
        StringBuilder why = new StringBuilder();
        for (List<String> cycle : cycles) {
            why.append("\ncycle among ").append(cycle).append(':');
            for (String from : cycle) {
                uses.get(from).forEach((to, files) -> {
                    if (cycle.contains(to)) {
                        why.append("\n  ").append(from).append(" -> ").append(to).append(" in ").append(files);
                    }
                });
            }
        }
        assertEquals(List.of(), cycles, why::toString);
    }

    @Test
    void theModelDependsOnNoOtherPartOfTheStoreLayer() throws IOException {
        Set<String> used = graph().getOrDefault("dev.nosqlpatterns.store.model", Map.of()).keySet();
        assertEquals(Set.of(), new TreeSet<>(used.stream().filter(p -> p.startsWith("dev.nosqlpatterns.store")).toList()),
                "the model types are what both sides of the SPI share; they may use items and keys only");
    }

    /** Tarjan's strongly connected components of the package graph. */
    private static List<List<String>> stronglyConnected(Map<String, Map<String, Set<String>>> uses) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> out = new ArrayList<>();
        for (String start : uses.keySet()) {
            if (!index.containsKey(start)) {
                visit(start, uses, index, low, stack, onStack, out);
            }
        }
        return out;
    }

    private static void visit(String node, Map<String, Map<String, Set<String>>> uses, Map<String, Integer> index,
                              Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                              List<List<String>> out) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        onStack.add(node);
        for (String next : uses.getOrDefault(node, Map.of()).keySet()) {
            if (!index.containsKey(next)) {
                visit(next, uses, index, low, stack, onStack, out);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            List<String> component = new ArrayList<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                component.add(member);
            } while (!member.equals(node));
            out.add(component);
        }
    }
}
