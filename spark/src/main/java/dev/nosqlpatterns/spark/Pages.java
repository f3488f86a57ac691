package dev.nosqlpatterns.spark;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/** Cuts a stream of elements into pages of bounded size. */
final class Pages {
    private Pages() {
    }

    static <T> void each(Iterator<T> elements, int size, Consumer<List<T>> page) {
        List<T> current = new ArrayList<>(size);
        while (elements.hasNext()) {
            current.add(elements.next());
            if (current.size() >= size) {
                page.accept(current);
                current = new ArrayList<>(size);
            }
        }
        if (!current.isEmpty()) {
            page.accept(current);
        }
    }
}
