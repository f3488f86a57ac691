package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.store.model.Capability;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What a backend can do, as one value: the guarantees it keeps (flags) and the ports of the native features it
 * has. Having a port is having the feature: {@link #has(Capability)} for {@link Capability#NATIVE_GEO} is true
 * exactly when {@link #nativeGeo()} is present, so the two cannot disagree. A backend that loses a feature in
 * some mode (Redis in cluster mode) builds its value without that port.
 *
 * <p>Adapter-specific features (a store's special queries) are extensions: a factory that makes the
 * user-facing object from the store's {@link MeteredCalls}, so that each of its calls reports its real cost.
 */
public final class Capabilities {
    private static final Set<Capability> PORTS = EnumSet.of(Capability.NATIVE_SECONDARY_INDEX, Capability.NATIVE_GEO,
            Capability.TEXT_SEARCH, Capability.NESTED_DOCUMENTS, Capability.NATIVE_LINKED_READS);

    private final Set<Capability> flags;
    private final NativeIndexes nativeIndexes;
    private final NativeGeo nativeGeo;
    private final TextSearch textSearch;
    private final NestedDocuments nestedDocuments;
    private final LinkedReads linkedReads;
    private final StorageFootprint footprints;
    private final PrefixScans prefixScans;
    private final Map<Class<?>, Function<MeteredCalls, ?>> extensions;

    private Capabilities(Builder b) {
        this.flags = b.flags.isEmpty() ? Set.of() : Set.copyOf(b.flags);
        this.nativeIndexes = b.nativeIndexes;
        this.nativeGeo = b.nativeGeo;
        this.textSearch = b.textSearch;
        this.nestedDocuments = b.nestedDocuments;
        this.linkedReads = b.linkedReads;
        this.footprints = b.footprints;
        this.prefixScans = b.prefixScans;
        this.extensions = Map.copyOf(b.extensions);
    }

    /** No guarantee beyond the SPI's contract and no native feature. */
    public static Capabilities none() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding everything this value holds, to add or drop features from. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.flags.addAll(flags);
        b.nativeIndexes = nativeIndexes;
        b.nativeGeo = nativeGeo;
        b.textSearch = textSearch;
        b.nestedDocuments = nestedDocuments;
        b.linkedReads = linkedReads;
        b.footprints = footprints;
        b.prefixScans = prefixScans;
        b.extensions.putAll(extensions);
        return b;
    }

    /** True when the backend has {@code capability}: the flag is set, or the feature's port is present. */
    public boolean has(Capability capability) {
        Objects.requireNonNull(capability, "capability must not be null");
        return switch (capability) {
            case NATIVE_SECONDARY_INDEX -> nativeIndexes != null;
            case NATIVE_GEO -> nativeGeo != null;
            case TEXT_SEARCH -> textSearch != null;
            case NESTED_DOCUMENTS -> nestedDocuments != null;
            case NATIVE_LINKED_READS -> linkedReads != null;
            default -> flags.contains(capability);
        };
    }

    /** Every capability the backend has, flags and ports alike. */
    public Set<Capability> all() {
        EnumSet<Capability> all = EnumSet.noneOf(Capability.class);
        for (Capability c : Capability.values()) {
            if (has(c)) {
                all.add(c);
            }
        }
        return java.util.Collections.unmodifiableSet(all);
    }

    /** True when the backend can apply these writes atomically: any writes, or one partition's. */
    public boolean canWriteAtomically(boolean singlePartition) {
        return has(Capability.ATOMIC_WRITES) || (singlePartition && has(Capability.ATOMIC_WRITES_SINGLE_PARTITION));
    }

    public Optional<NativeIndexes> nativeIndexes() {
        return Optional.ofNullable(nativeIndexes);
    }

    public Optional<NativeGeo> nativeGeo() {
        return Optional.ofNullable(nativeGeo);
    }

    public Optional<TextSearch> textSearch() {
        return Optional.ofNullable(textSearch);
    }

    public Optional<NestedDocuments> nestedDocuments() {
        return Optional.ofNullable(nestedDocuments);
    }

    public Optional<LinkedReads> linkedReads() {
        return Optional.ofNullable(linkedReads);
    }

    /** How the store tells what a table occupies; no {@link Capability} names it, as no technique chooses by it. */
    public Optional<StorageFootprint> footprints() {
        return Optional.ofNullable(footprints);
    }

    /** Scans of the partitions with a key prefix, read by the store alone; like footprints, named by no {@link Capability}. */
    public Optional<PrefixScans> prefixScans() {
        return Optional.ofNullable(prefixScans);
    }

    /** The factory of the extension of {@code type}, when the backend offers one. */
    public <T> Optional<Function<MeteredCalls, T>> extension(Class<T> type) {
        @SuppressWarnings("unchecked")
        Function<MeteredCalls, T> factory = (Function<MeteredCalls, T>) extensions.get(type);
        return Optional.ofNullable(factory);
    }

    /** The types of the extensions offered. */
    public Set<Class<?>> extensionTypes() {
        return extensions.keySet();
    }

    @Override
    public String toString() {
        return "Capabilities" + all() + (extensions.isEmpty() ? ""
                : " extensions " + extensions.keySet().stream().map(Class::getSimpleName).sorted().toList());
    }

    /** Collects flags, ports and extensions; every setter refuses null. */
    public static final class Builder {
        private final EnumSet<Capability> flags = EnumSet.noneOf(Capability.class);
        private NativeIndexes nativeIndexes;
        private NativeGeo nativeGeo;
        private TextSearch textSearch;
        private NestedDocuments nestedDocuments;
        private LinkedReads linkedReads;
        private StorageFootprint footprints;
        private PrefixScans prefixScans;
        private final Map<Class<?>, Function<MeteredCalls, ?>> extensions = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Sets guarantees the backend keeps, such as {@link Capability#ATOMIC_WRITES}.
         *
         * @throws IllegalArgumentException for a feature that comes with a port ({@link Capability#NATIVE_GEO},
         *                                  say): give the port instead
         */
        public Builder with(Capability... capabilities) {
            for (Capability c : capabilities) {
                Objects.requireNonNull(c, "capability must not be null");
                if (PORTS.contains(c)) {
                    throw new IllegalArgumentException(c + " comes with its port: give the port to the builder"
                            + " (nativeIndexes, nativeGeo, textSearch, nestedDocuments or linkedReads)");
                }
                flags.add(c);
            }
            return this;
        }

        /** Drops capabilities, flags or ports alike. */
        public Builder without(Capability... capabilities) {
            for (Capability c : capabilities) {
                switch (Objects.requireNonNull(c, "capability must not be null")) {
                    case NATIVE_SECONDARY_INDEX -> nativeIndexes = null;
                    case NATIVE_GEO -> nativeGeo = null;
                    case TEXT_SEARCH -> textSearch = null;
                    case NESTED_DOCUMENTS -> nestedDocuments = null;
                    case NATIVE_LINKED_READS -> linkedReads = null;
                    default -> flags.remove(c);
                }
            }
            return this;
        }

        public Builder nativeIndexes(NativeIndexes port) {
            this.nativeIndexes = Objects.requireNonNull(port, "native indexes port must not be null");
            return this;
        }

        public Builder nativeGeo(NativeGeo port) {
            this.nativeGeo = Objects.requireNonNull(port, "native geo port must not be null");
            return this;
        }

        public Builder textSearch(TextSearch port) {
            this.textSearch = Objects.requireNonNull(port, "text search port must not be null");
            return this;
        }

        public Builder nestedDocuments(NestedDocuments port) {
            this.nestedDocuments = Objects.requireNonNull(port, "nested documents port must not be null");
            return this;
        }

        public Builder linkedReads(LinkedReads port) {
            this.linkedReads = Objects.requireNonNull(port, "linked reads port must not be null");
            return this;
        }

        public Builder footprints(StorageFootprint port) {
            this.footprints = Objects.requireNonNull(port, "footprint port must not be null");
            return this;
        }

        /** Drops the footprint port. */
        public Builder withoutFootprints() {
            this.footprints = null;
            return this;
        }

        public Builder prefixScans(PrefixScans port) {
            this.prefixScans = Objects.requireNonNull(port, "prefix scans port must not be null");
            return this;
        }

        /** Drops the prefix scans port. */
        public Builder withoutPrefixScans() {
            this.prefixScans = null;
            return this;
        }

        /**
         * Offers an adapter-specific feature: {@code factory} makes the object users get from
         * {@code store.extension(type)}, once per store, given the calls through which it reports each call's cost.
         *
         * @throws IllegalArgumentException when {@code type} is not an interface
         */
        public <T> Builder extension(Class<T> type, Function<MeteredCalls, ? extends T> factory) {
            Objects.requireNonNull(type, "extension type must not be null");
            Objects.requireNonNull(factory, "extension factory must not be null");
            if (!type.isInterface()) {
                throw new IllegalArgumentException("extension " + type.getName() + " must be an interface");
            }
            extensions.put(type, factory);
            return this;
        }

        public Capabilities build() {
            return new Capabilities(this);
        }
    }
}
