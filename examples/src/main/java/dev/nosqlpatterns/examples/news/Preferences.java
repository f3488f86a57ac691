package dev.nosqlpatterns.examples.news;

import java.util.Set;

/**
 * A subscriber's feed preferences, as read from the subscriber's item collection: topics and providers
 * liked and disliked, and provider-topic exceptions that allow or block a combination regardless.
 *
 * @param likedTopics       topics whose articles enter the feed
 * @param likedProviders    providers whose articles enter the feed
 * @param dislikedTopics    topics whose articles are kept out
 * @param dislikedProviders providers whose articles are kept out
 * @param allows            provider-topic pairs let in even when disliked
 * @param blocks            provider-topic pairs kept out even when liked
 */
public record Preferences(Set<String> likedTopics, Set<String> likedProviders, Set<String> dislikedTopics,
                          Set<String> dislikedProviders, Set<ProviderTopic> allows, Set<ProviderTopic> blocks) {
    public Preferences {
        likedTopics = Set.copyOf(likedTopics);
        likedProviders = Set.copyOf(likedProviders);
        dislikedTopics = Set.copyOf(dislikedTopics);
        dislikedProviders = Set.copyOf(dislikedProviders);
        allows = Set.copyOf(allows);
        blocks = Set.copyOf(blocks);
    }

    /** Whether {@code article} belongs in the feed: blocks win, then allows, then dislikes, then likes. */
    public boolean admits(NewsArticle article) {
        boolean blocked = article.topics().stream().anyMatch(t -> blocks.contains(new ProviderTopic(article.provider(), t)));
        if (blocked) {
            return false;
        }
        if (article.topics().stream().anyMatch(t -> allows.contains(new ProviderTopic(article.provider(), t)))) {
            return true;
        }
        if (dislikedProviders.contains(article.provider()) || article.topics().stream().anyMatch(dislikedTopics::contains)) {
            return false;
        }
        return likedProviders.contains(article.provider()) || article.topics().stream().anyMatch(likedTopics::contains);
    }

    /**
     * A provider-topic combination, e.g. {@code $CNN} and {@code #detroit}.
     *
     * @param provider a provider code
     * @param topic    a topic code
     */
    public record ProviderTopic(String provider, String topic) {
        public ProviderTopic {
            if (provider == null || !NewsGoggles.PROVIDER.matcher(provider).matches()) {
                throw new IllegalArgumentException("provider '" + provider + "' must be '$' and 1 to 40 letters or digits");
            }
            if (topic == null || !NewsGoggles.TOPIC.matcher(topic).matches()) {
                throw new IllegalArgumentException("topic '" + topic + "' must be '#' and 1 to 40 letters or digits");
            }
        }
    }
}
