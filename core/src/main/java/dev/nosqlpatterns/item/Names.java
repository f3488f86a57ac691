package dev.nosqlpatterns.item;

import dev.nosqlpatterns.key.Utf8Order;

/** Checks attribute names. */
final class Names {
    static final int MAX_NAME_BYTES = 255;

    private Names() {
    }

    static String check(String name) {
        if (name == null) {
            throw new NullPointerException("attribute name must not be null");
        }
        if (name.isEmpty()) {
            throw new IllegalArgumentException("attribute name must not be empty");
        }
        int bad = Utf8Order.firstUnpairedSurrogate(name);
        if (bad >= 0) {
            throw new IllegalArgumentException("attribute name '" + name + "' has an unpaired surrogate at index " + bad);
        }
        if (Utf8Order.utf8Length(name) > MAX_NAME_BYTES) {
            throw new IllegalArgumentException("attribute name '" + name.substring(0, 32) + "...' is longer than "
                    + MAX_NAME_BYTES + " UTF-8 bytes");
        }
        return name;
    }
}
