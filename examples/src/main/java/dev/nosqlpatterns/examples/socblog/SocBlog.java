package dev.nosqlpatterns.examples.socblog;

import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.relation.AdjacencyList;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * SocBlog with every access pattern answered without the full scans the seed needed: the
 * Facebook-id table as a unique index table (one-to-one), posts by user, posts in a category, users in a
 * city and posts with more than five versions as application-managed index tables (the last one sparse:
 * a "ghost record" only for posts past five versions), friends as a symmetric adjacency list, and posts
 * of the last K days in day buckets with a catalogue. Each read has a {@code ...ByScan} twin that
 * computes the same answer the seed's way, so the two costs can be compared.
 *
 * <p>A post is a head item ({@code <HEAD>}: author, title, category, version count) and one item per
 * version ({@code v|<n>}) under the post id. Index entries follow their items through {@link IndexTable}
 * (atomically, or by its repairable protocol on stores without atomic writes).
 */
public final class SocBlog {
    /** A post with more versions than this is in the "many versions" index. */
    public static final int MANY_VERSIONS = 5;
    private static final String HEAD = "<HEAD>";
    private static final String BASE = "<BASE>";
    private static final String MANY = "many";
    private static final CompositeKeyCodec VERSION = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.LONG);
    private static final String ALL_POSTS = "posts";

    private final Store store;
    private final String users;
    private final String posts;
    private final IndexTable byFacebookId;
    private final IndexTable byCity;
    private final IndexTable byAuthor;
    private final IndexTable byCategory;
    private final IndexTable manyVersions;
    private final AdjacencyList friends;
    private final BucketedTimeline recent;
    private final List<String> tables;

    private SocBlog(Store store, String ns) {
        this.store = store;
        this.users = TableSpec.checkName(ns + "_users");
        this.posts = TableSpec.checkName(ns + "_posts");
        store.createTable(TableSpec.named(users));
        store.createTable(TableSpec.named(posts));
        this.byFacebookId = index(users, ns + "_facebook_ids", "facebookId", true);
        this.byCity = index(users, ns + "_users_by_city", "city", false);
        this.byAuthor = index(posts, ns + "_posts_by_author", "author", false);
        this.byCategory = index(posts, ns + "_posts_by_category", "category", false);
        this.manyVersions = IndexTable.builder(store).baseTable(posts).indexTable(ns + "_many_versions")
                .value(i -> i.getLong("versions").filter(v -> v > MANY_VERSIONS).map(v -> MANY)).build();
        this.friends = AdjacencyList.symmetric(store, ns + "_friends", "friend");
        this.recent = BucketedTimeline.create(store, ns + "_posts_by_day", ns + "_post_days", Granularity.DAY);
        this.tables = List.of(users, ns + "_facebook_ids", ns + "_users_by_city", ns + "_friends", posts,
                ns + "_posts_by_author", ns + "_posts_by_category", ns + "_many_versions", ns + "_posts_by_day",
                ns + "_post_days");
    }

    /** SocBlog on {@code store}, its tables named {@code namespace_...} and created when absent. */
    public static SocBlog open(Store store, String namespace) {
        Objects.requireNonNull(store, "store must not be null");
        TableSpec.checkName(namespace + "_posts_by_category");
        return new SocBlog(store, namespace);
    }

    private IndexTable index(String base, String table, String attribute, boolean unique) {
        return IndexTable.builder(store).baseTable(base).indexTable(table).attribute(attribute).unique(unique).build();
    }

    /** The logical tables of the model, for the explain view. */
    public List<String> tables() {
        return tables;
    }

    /** Registers a user: the item with its Facebook-id entry (refused if another user has it) and city entry. */
    public void register(User user) {
        Objects.requireNonNull(user, "user must not be null");
        Item item = Item.builder(user.userId(), BASE).put("name", user.name()).put("facebookId", user.facebookId())
                .put("city", user.city()).build();
        byFacebookId.put(item);
        byCity.put(store.get(users, item.key()).orElseThrow());
    }

    /** Makes two users friends (both directions, one relation). */
    public void befriend(String userId, String otherUserId) {
        friends.link(userId, otherUserId);
    }

    /** Publishes the first version of a post: the version item, the head through its indexes, the day bucket. */
    public void publish(Post post, String body) {
        Objects.requireNonNull(post, "post must not be null");
        Objects.requireNonNull(body, "body must not be null");
        if (post.versions() != 1) {
            throw new IllegalArgumentException("a new post has one version, got " + post.versions());
        }
        store.put(posts, Item.builder(post.postId(), VERSION.encode("v", 1L)).put("title", post.title()).put("body", body).build());
        writeHead(post);
        recent.put(ALL_POSTS, post.published(), post.postId(), Map.of("title", Value.of(post.title()),
                "author", Value.of(post.author())));
    }

    /** Adds a version of a post and counts it on the head (which may enter the "many versions" index). */
    public Post revise(String postId, String title, String body) {
        Post head = post(postId).orElseThrow(() -> new IllegalArgumentException("no post '" + postId + "'"));
        Post revised = new Post(postId, head.author(), title, head.category(), head.published(), head.versions() + 1);
        store.put(posts, Item.builder(postId, VERSION.encode("v", (long) revised.versions())).put("title", title)
                .put("body", body).build());
        writeHead(revised);
        return revised;
    }

    private void writeHead(Post post) {
        Item item = Item.builder(post.postId(), HEAD).put("author", post.author()).put("title", post.title())
                .put("category", post.category()).put("published", post.published().toString())
                .put("versions", post.versions()).build();
        // Each index re-reads the item and writes it with its own entry, by compare-and-set on the version.
        byAuthor.put(item);
        byCategory.put(store.get(posts, item.key()).orElseThrow());
        manyVersions.put(store.get(posts, item.key()).orElseThrow());
    }

    /** A post's head: one get. */
    public Optional<Post> post(String postId) {
        return store.get(posts, Key.of(postId, HEAD)).map(SocBlog::post);
    }

    /** "Get FacebookId given a userId": one get. */
    public Optional<String> facebookIdOf(String userId) {
        return store.get(users, Key.of(userId, BASE)).flatMap(i -> i.getString("facebookId"));
    }

    /** "Get user's info given FacebookId": one get of the id table, one get of the user. */
    public Optional<User> userByFacebookId(String facebookId) {
        return byFacebookId.findUnique(facebookId).map(SocBlog::user);
    }

    /** "Get all posts by a user": one query of the author index, one batch get. */
    public List<Post> postsBy(String userId) {
        return sorted(byAuthor.find(userId).stream().map(SocBlog::post));
    }

    /** "Get the author of a post given a PostId": one get of the head. */
    public Optional<String> authorOf(String postId) {
        return post(postId).map(Post::author);
    }

    /** The first {@code k} versions' titles of a post: one query of its version items. */
    public List<String> firstVersions(String postId, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, got " + k);
        }
        return store.query(Query.in(posts, postId).where(SortKeyCondition.beginsWith(VERSION.prefix("v"))).limit(k))
                .items().stream().map(i -> i.getString("title").orElse("")).toList();
    }

    /** "Get friends of a user": one query of the adjacency list. */
    public List<String> friendsOf(String userId) {
        return friends.targets(userId);
    }

    /** "Get all posts with more than 5 versions": one query of the sparse index, one batch get. */
    public List<Post> postsWithManyVersions() {
        return sorted(manyVersions.find(MANY).stream().map(SocBlog::post));
    }

    /** "Get all posts in a certain category": one query of the category index, one batch get. */
    public List<Post> postsIn(String category) {
        return sorted(byCategory.find(category).stream().map(SocBlog::post));
    }

    /** "Get all users in a city": one query of the city index, one batch get. */
    public List<User> usersIn(String city) {
        return byCity.find(city).stream().map(SocBlog::user).sorted(Comparator.comparing(User::userId)).toList();
    }

    /** "Get all posts in the last K days" before {@code now}, newest first: the day catalogue, then one query per day. */
    public List<String> postsOfLastDays(int k, Instant now) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1 day, got " + k);
        }
        return recent.between(ALL_POSTS, now.minus(Duration.ofDays(k)), now, true).map(BucketedTimeline.Event::id).toList();
    }

    /** The seed's way for posts: scan the whole post table and filter heads. */
    public List<Post> postsByScan(Predicate<Post> filter) {
        return sorted(store.scanAll(Scan.of(posts)).filter(i -> i.key().sort().equals(HEAD)).map(SocBlog::post).filter(filter));
    }

    /** The seed's way for users: scan the whole user table and filter. */
    public List<User> usersByScan(Predicate<User> filter) {
        return store.scanAll(Scan.of(users)).map(SocBlog::user).filter(filter)
                .sorted(Comparator.comparing(User::userId)).toList();
    }

    private static List<Post> sorted(java.util.stream.Stream<Post> found) {
        return found.sorted(Comparator.comparing(Post::published).reversed().thenComparing(Post::postId)).toList();
    }

    private static Post post(Item i) {
        return new Post(i.key().partition(), i.getString("author").orElseThrow(), i.getString("title").orElseThrow(),
                i.getString("category").orElseThrow(), Instant.parse(i.getString("published").orElseThrow()),
                i.getLong("versions").orElseThrow().intValue());
    }

    private static User user(Item i) {
        return new User(i.key().partition(), i.getString("name").orElseThrow(), i.getString("facebookId").orElseThrow(),
                i.getString("city").orElseThrow());
    }

    static void checkId(List<String> problems, String what, String id) {
        if (id == null || !id.matches("[a-z][a-z0-9]{0,39}")) {
            problems.add(what + " '" + id + "' must be a lower-case letter then up to 39 lower-case letters or digits");
        }
    }
}
