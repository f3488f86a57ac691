package dev.nosqlpatterns.examples;

import dev.nosqlpatterns.store.Store;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The README's entity example, taken from the README's text with its imports, compiled and run on a store:
 * so the first code a reader copies is the code that is tested.
 */
final class ReadmeEntityExample {
    private static final String MARKER = "<!-- readme-entity-example -->";

    private ReadmeEntityExample() {
    }

    /** The snippet's text: the java block after the marker. */
    static String snippet() throws IOException {
        Path readme = Path.of("").toAbsolutePath();
        while (readme != null && !(Files.exists(readme.resolve("README.md"))
                && Files.readString(readme.resolve("README.md"), StandardCharsets.UTF_8).contains(MARKER))) {
            readme = readme.getParent();
        }
        if (readme == null) {
            throw new IllegalStateException("no README.md with " + MARKER + " above " + Path.of("").toAbsolutePath());
        }
        String text = Files.readString(readme.resolve("README.md"), StandardCharsets.UTF_8);
        int start = text.indexOf("```java\n", text.indexOf(MARKER)) + "```java\n".length();
        return text.substring(start, text.indexOf("```", start));
    }

    /** Runs the snippet on {@code store}; returns its variables {@code first}, {@code second} and {@code grace}. */
    static Object[] run(Store store) throws Exception {
        Path dir = Files.createTempDirectory("readme-example");
        Path source = dir.resolve("ReadmeSnippet.java");
        StringBuilder code = new StringBuilder();
        StringBuilder body = new StringBuilder();
        for (String line : snippet().split("\n", -1)) {
            (line.startsWith("import ") ? code : body).append(line).append('\n');
        }
        code.append("public class ReadmeSnippet {\n  public static Object[] run(dev.nosqlpatterns.store.Store store) {\n")
                .append(body)
                .append("\n    return new Object[] {first, second, grace};\n  }\n}\n");
        Files.writeString(source, code);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, System.err, "-classpath", System.getProperty("java.class.path"),
                "-d", dir.toString(), source.toString());
        if (status != 0) {
            throw new AssertionError("the README's entity example does not compile:\n" + code);
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                ReadmeEntityExample.class.getClassLoader())) {
            Method run = loader.loadClass("ReadmeSnippet").getMethod("run", Store.class);
            return (Object[]) run.invoke(null, store);
        } finally {
            try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
