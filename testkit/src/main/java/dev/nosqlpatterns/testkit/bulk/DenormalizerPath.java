package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.denormalize.CopyRule;
import dev.nosqlpatterns.denormalize.CopyVerification;
import dev.nosqlpatterns.denormalize.Denormalizer;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code Denormalizer.putTargets}: articles with a copy of their provider's name, one stored article re-pointed
 * to another provider and three new ones. The articles' references are the records; a read of a target through the
 * denormalizer must show the name of the provider it references, and after repair the copies and the reverse
 * index (from provider to articles, which fans a provider's change out) have no drift, as the denormalizer's own
 * verify counts it.
 */
final class DenormalizerPath extends BulkPath<String> {
    private static final Map<String, String> PROVIDERS = Map.of("provider|bbc", "BBC", "provider|cnn", "CNN");
    private static final String[] INPUT_REFS = {"provider|cnn", "provider|bbc", "provider|cnn", "provider|bbc"};
    private final String providers;
    private final String articles;
    private final CopyRule rule;

    DenormalizerPath(Kit kit) {
        super(kit);
        this.providers = kit.newTable();
        this.articles = kit.newTable();
        this.rule = new CopyRule(providers, "<BASE>", "name", articles, "providerId", "providerName", kit.newTable());
    }

    private Denormalizer open(Store on) {
        return Denormalizer.of(on, List.of(rule));
    }

    private static Item article(int i, String provider) {
        return Item.builder("article|" + i, "<BASE>").put("title", "t" + i).put("providerId", provider).build();
    }

    private static List<Item> input() {
        List<Item> out = new ArrayList<>();
        for (int i = 0; i < INPUT_REFS.length; i++) {
            out.add(article(i, INPUT_REFS[i]));
        }
        return out;
    }

    @Override
    List<String> tables() {
        return List.of(providers, articles, rule.reverseIndexTable());
    }

    @Override
    void seed() {
        PROVIDERS.forEach((id, name) -> kit.store().put(providers, Item.builder(id, "<BASE>").put("name", name).build()));
        open(kit.store()).putTarget(articles, article(0, "provider|bbc"));
    }

    @Override
    int size() {
        return INPUT_REFS.length;
    }

    @Override
    void run(Store on) {
        open(on).putTargets(articles, input());
    }

    @Override
    List<Invalid> invalid(int position) {
        List<Item> nulled = new ArrayList<>(input());
        nulled.set(position, null);
        List<Item> longKey = new ArrayList<>(input());
        longKey.set(position, Item.builder("x".repeat(kit.store().limits().maxPartitionKeyBytes() + 1), "<BASE>")
                .put("providerId", "provider|bbc").build());
        return List.of(new Invalid("a null target", s -> open(s).putTargets(articles, nulled), "item " + position),
                new Invalid("a key too long", s -> open(s).putTargets(articles, longKey), "item " + position));
    }

    @Override
    Map<String, String> records() {
        Map<String, String> out = new TreeMap<>();
        kit.store().scanAll(Scan.of(articles)).forEach(i -> out.put(i.key().partition(),
                i.getString("title").orElse("") + " of " + i.getString("providerId").orElse("nobody")));
        return out;
    }

    @Override
    Map<String, String> before() {
        return new TreeMap<>(Map.of("article|0", "t0 of provider|bbc"));
    }

    @Override
    Map<String, String> intended(int n) {
        Map<String, String> out = before();
        for (int i = 0; i < n; i++) {
            out.put("article|" + i, "t" + i + " of " + INPUT_REFS[i]);
        }
        return out;
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        Denormalizer d = open(kit.store());
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < INPUT_REFS.length; i++) {
            out.put("copy in article|" + i, d.getTarget(articles, Key.of("article|" + i, "<BASE>"))
                    .map(t -> Set.of(t.getString("providerName").orElse("no copy"))).orElse(Set.of()));
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, String> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < INPUT_REFS.length; i++) {
            String record = records.get("article|" + i);
            out.put("copy in article|" + i, record == null ? Set.of()
                    : Set.of(PROVIDERS.get(record.substring(record.indexOf(" of ") + 4))));
        }
        return out;
    }

    /**
     * A store over the same data whose clock is past every claim lease, so that what a crash left counts as stale (a
     * young leftover of the reverse index is taken for a write in flight).
     */
    private Store later() {
        Store later = Store.of(kit.backend(), Clock.offset(kit.store().clock(), Duration.ofMinutes(5)));
        for (String table : tables()) {
            later.createTable(TableSpec.named(table));
        }
        return later;
    }

    @Override
    void repair() {
        open(later()).repair(rule);
    }

    @Override
    Optional<String> drift() {
        CopyVerification v = open(later()).verify(rule);
        return v.consistent() ? Optional.empty() : Optional.of(v.toString());
    }

    @Override
    public String toString() {
        return "Denormalizer.putTargets";
    }
}
