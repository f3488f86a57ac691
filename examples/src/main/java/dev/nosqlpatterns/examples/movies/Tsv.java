package dev.nosqlpatterns.examples.movies;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads a file in the IMDb TSV layout: a header row, tab-separated fields, {@code \N} for a missing value. */
final class Tsv {
    private Tsv() {
    }

    /** One row, by column name; a {@code \N} field is absent. */
    record Row(String file, int line, Map<String, String> fields) {
        Optional<String> get(String column) {
            return Optional.ofNullable(fields.get(column));
        }

        String require(String column) {
            return get(column).orElseThrow(() -> new IllegalArgumentException(
                    file + " line " + line + ": column '" + column + "' is missing or \\N"));
        }
    }

    /** The rows of the class-path resource {@code name} next to this class. */
    static List<Row> read(String name) {
        InputStream in = Tsv.class.getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("sample file " + name + " is not on the class path");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String header = reader.readLine();
            if (header == null) {
                throw new IllegalArgumentException(name + " is empty; it needs a header row");
            }
            List<String> columns = Arrays.asList(header.split("\t", -1));
            List<Row> rows = new ArrayList<>();
            int lineNumber = 1;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                if (line.isEmpty()) {
                    continue;
                }
                String[] values = line.split("\t", -1);
                if (values.length != columns.size()) {
                    throw new IllegalArgumentException(name + " line " + lineNumber + " has " + values.length
                            + " fields; the header names " + columns.size());
                }
                Map<String, String> fields = new HashMap<>();
                for (int i = 0; i < values.length; i++) {
                    if (!values[i].equals("\\N")) {
                        fields.put(columns.get(i), values[i]);
                    }
                }
                rows.add(new Row(name, lineNumber, fields));
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read sample file " + name, e);
        }
    }
}
