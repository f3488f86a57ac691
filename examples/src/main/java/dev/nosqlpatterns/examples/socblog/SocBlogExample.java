package dev.nosqlpatterns.examples.socblog;

import dev.nosqlpatterns.examples.AccessPattern;
import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.examples.Session;
import dev.nosqlpatterns.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * SocBlog with a small made-up sample (eight users in three cities, friendships, twelve posts in three
 * categories over three weeks, two of them revised past five versions), each access pattern printed next
 * to the full scan the original design needed for it.
 */
public final class SocBlogExample implements Example {
    /** "Now" for the sample's recent-posts pattern: the publication date of the original description's sample. */
    public static final Instant NOW = Instant.parse("2012-06-25T22:40:00Z");
    /** The sample users. */
    public static final List<User> USERS = List.of(
            new User("u1234", "Bilal Sheikh", "600323223", "Waterloo"),
            new User("u1235", "Ada Byron", "600323224", "London"),
            new User("u1236", "Grace Hopper", "600323225", "New York"),
            new User("u1237", "Alan Kay", "600323226", "Waterloo"),
            new User("u1238", "Barbara Liskov", "600323227", "Boston"),
            new User("u1239", "Edsger Dijkstra", "600323228", "Waterloo"),
            new User("u1240", "Frances Allen", "600323229", "New York"),
            new User("u1241", "Donald Knuth", "600323230", "Stanford"));
    private static final String[][] FRIENDS = {{"u1234", "u1237"}, {"u1234", "u1239"}, {"u1235", "u1234"},
            {"u1236", "u1240"}};

    @Override
    public String name() {
        return "socblog";
    }

    @Override
    public String summary() {
        return "SocBlog: id table, index tables, ghost records, friends, day buckets, each next to its scan";
    }

    @Override
    public Session load(Store store, String namespace) {
        SocBlog blog = SocBlog.open(store, namespace);
        loadSample(blog);
        Instant since = NOW.minus(Duration.ofDays(7));
        return new Session(blog.tables(), List.of(
                new AccessPattern("FacebookId of u1234", "one get", () -> blog.facebookIdOf("u1234").stream().toList()),
                AccessPattern.replacingScan("user with FacebookId 600323226", "one get of the id table, one get",
                        () -> blog.userByFacebookId("600323226").stream().toList(),
                        () -> blog.usersByScan(u -> u.facebookId().equals("600323226"))),
                AccessPattern.replacingScan("posts by u1234", "one query of the author index, one batch get",
                        () -> blog.postsBy("u1234"), () -> blog.postsByScan(p -> p.author().equals("u1234"))),
                new AccessPattern("author of post p103", "one get of the post head", () -> blog.authorOf("p103").stream().toList()),
                new AccessPattern("first 3 versions of post p101", "one query, limit 3", () -> blog.firstVersions("p101", 3)),
                new AccessPattern("friends of u1234", "one query of the adjacency list", () -> blog.friendsOf("u1234")),
                AccessPattern.replacingScan("posts with more than 5 versions", "one query of a sparse index, one batch get",
                        blog::postsWithManyVersions, () -> blog.postsByScan(p -> p.versions() > SocBlog.MANY_VERSIONS)),
                AccessPattern.replacingScan("posts in category java", "one query of the category index, one batch get",
                        () -> blog.postsIn("java"), () -> blog.postsByScan(p -> p.category().equals("java"))),
                AccessPattern.replacingScan("users in Waterloo", "one query of the city index, one batch get",
                        () -> blog.usersIn("Waterloo"), () -> blog.usersByScan(u -> u.city().equals("Waterloo"))),
                AccessPattern.replacingScan("posts of the last 7 days", "the day catalogue, one query per day with posts",
                        () -> blog.postsOfLastDays(7, NOW),
                        () -> blog.postsByScan(p -> !p.published().isBefore(since) && !p.published().isAfter(NOW))
                                .stream().map(Post::postId).toList())));
    }

    /** Writes the sample data; safe to run again (revisions are only written up to their count). */
    public static void loadSample(SocBlog blog) {
        USERS.forEach(blog::register);
        for (String[] pair : FRIENDS) {
            blog.befriend(pair[0], pair[1]);
        }
        String[] categories = {"java", "nosql", "cloud"};
        for (int i = 0; i < 12; i++) {
            String id = "p" + (101 + i);
            if (blog.post(id).isPresent()) {
                continue;
            }
            Instant at = NOW.minus(Duration.ofHours(40L * i + 3));
            blog.publish(new Post(id, USERS.get(i % 4).userId(), "Post " + id, categories[i % 3], at, 1), "First draft of " + id);
            int revisions = i == 0 ? 6 : i == 4 ? 7 : i % 3;
            for (int v = 2; v <= revisions; v++) {
                blog.revise(id, "Post " + id + ", take " + v, "Draft " + v + " of " + id);
            }
        }
    }
}
