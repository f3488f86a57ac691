package dev.nosqlpatterns.examples.news;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A published article of News Goggles: one provider, a set of topics, a subject line and
 * its publication instant.
 *
 * @param id        the system-assigned article id, e.g. {@code 1001}
 * @param provider  the provider code, e.g. {@code $ESPN}
 * @param topics    topic codes, e.g. {@code #sports}; at least one
 * @param subject   the headline
 * @param published when it was published (UTC); picks the provider's month bucket
 */
public record NewsArticle(String id, String provider, Set<String> topics, String subject, Instant published) {
    public NewsArticle {
        List<String> problems = new ArrayList<>();
        if (id == null || !id.matches("[A-Za-z0-9_-]{1,64}")) {
            problems.add("article id '" + id + "' must be 1 to 64 letters, digits, '_' or '-'");
        }
        if (provider == null || !NewsGoggles.PROVIDER.matcher(provider).matches()) {
            problems.add("provider '" + provider + "' must be '$' and 1 to 40 letters or digits");
        }
        if (topics == null || topics.isEmpty()) {
            problems.add("topics of article '" + id + "' must name at least one topic, got " + topics);
        } else {
            topics.stream().filter(t -> t == null || !NewsGoggles.TOPIC.matcher(t).matches())
                    .forEach(t -> problems.add("topic '" + t + "' must be '#' and 1 to 40 letters or digits"));
        }
        if (subject == null || subject.isBlank()) {
            problems.add("subject of article '" + id + "' must not be blank");
        }
        if (published == null) {
            problems.add("publication instant of article '" + id + "' must not be null");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        topics = Set.copyOf(topics);
    }
}
