package dev.nosqlpatterns.examples.socblog;

import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * SocBlog with every access pattern answered without the full scans the original design needed: users and post
 * heads are entities that declare their indexes (the Facebook id unique, one-to-one; users by city; posts by
 * author and by category, newest first), posts with more than five versions are an application-managed index
 * table over a computed value (sparse: a "ghost record" only for posts past five versions), friends a
 * symmetric adjacency list, and posts of the last K days day buckets with a catalogue. Each read has a
 * {@code ...ByScan} twin that computes the same answer the original design's way, so the two costs can be compared.
 *
 * <p>A post is a head item ({@code <HEAD>}: author, title, category, version count) and one item per
 * version ({@code v|<n>}) under the post id. Index entries follow their items: the repository keeps the
 * declared ones, {@link IndexTable} the computed one (atomically, or by the repairable protocol on stores
 * without atomic writes).
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
    private final EntityType<User> userType;
    private final EntityType<Post> postType;
    private final EntityRepository repo;
    private final IndexTable manyVersions;
    private final AdjacencyList friends;
    private final BucketedTimeline recent;
    private final List<String> tables;

    private SocBlog(Store store, String ns) {
        this.store = store;
        this.users = TableSpec.checkName(ns + "_users");
        this.posts = TableSpec.checkName(ns + "_posts");
        this.userType = EntityType.builder(User.class).table(users).partitionKey("{userId}").sortKey(BASE)
                .uniqueIndex("byFacebookId", "{facebookId}").index("byCity", "{city}").build();
        this.postType = EntityType.builder(Post.class).table(posts).partitionKey("{postId}").sortKey(HEAD)
                .index("byAuthor", "{author}", "{published}").index("byCategory", "{category}", "{published}").build();
        this.repo = EntityRepository.of(store, userType, postType);
        repo.createTables();
        this.manyVersions = IndexTable.builder(store).baseTable(posts).indexTable(ns + "_many_versions")
                .value(i -> i.getLong("versions").filter(v -> v > MANY_VERSIONS).map(v -> MANY)).build();
        this.friends = AdjacencyList.symmetric(store, ns + "_friends", "friend");
        this.recent = BucketedTimeline.create(store, ns + "_posts_by_day", ns + "_post_days", Granularity.DAY);
        List<String> all = new ArrayList<>(repo.tables());
        all.addAll(List.of(ns + "_many_versions", ns + "_friends", ns + "_posts_by_day", ns + "_post_days"));
        this.tables = List.copyOf(all);
    }

    /** SocBlog on {@code store}, its tables named {@code namespace_...} and created when absent. */
    public static SocBlog open(Store store, String namespace) {
        Objects.requireNonNull(store, "store must not be null");
        TableSpec.checkName(namespace + "_posts_byCategory");
        return new SocBlog(store, namespace);
    }

    /** The logical tables of the model, for the explain view. */
    public List<String> tables() {
        return tables;
    }

    /** Registers a user: the item with its Facebook-id entry (refused if another user has it) and city entry. */
    public void register(User user) {
        repo.save(userType, Objects.requireNonNull(user, "user must not be null"));
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
        repo.save(postType, post);
        // The computed index re-reads the head and writes it with its entry, by compare-and-set on the version.
        manyVersions.put(store.get(posts, Key.of(post.postId(), HEAD)).orElseThrow());
    }

    /** A post's head: one get. */
    public Optional<Post> post(String postId) {
        return repo.get(postType, Map.of("postId", postId));
    }

    /** "Get FacebookId given a userId": one get. */
    public Optional<String> facebookIdOf(String userId) {
        return repo.get(userType, Map.of("userId", userId)).map(User::facebookId);
    }

    /** "Get user's info given FacebookId": one get of the id table, one get of the user. */
    public Optional<User> userByFacebookId(String facebookId) {
        return repo.query(userType, "byFacebookId").eq(facebookId).one();
    }

    /** "Get all posts by a user": one query of the author index, one batch get. */
    public List<Post> postsBy(String userId) {
        return sorted(repo.query(postType, "byAuthor").eq(userId).stream());
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
        return sorted(manyVersions.find(MANY).stream().map(postType::fromItem));
    }

    /** "Get all posts in a certain category": one query of the category index, one batch get. */
    public List<Post> postsIn(String category) {
        return sorted(repo.query(postType, "byCategory").eq(category).stream());
    }

    /** "Get all users in a city": one query of the city index, one batch get. */
    public List<User> usersIn(String city) {
        return repo.query(userType, "byCity").eq(city).list();
    }

    /** "Get all posts in the last K days" before {@code now}, newest first: the day catalogue, then one query per day. */
    public List<String> postsOfLastDays(int k, Instant now) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1 day, got " + k);
        }
        return recent.between(ALL_POSTS, now.minus(Duration.ofDays(k)), now, true).map(BucketedTimeline.Event::id).toList();
    }

    /** The original design's way for posts: scan the whole post table and filter heads. */
    public List<Post> postsByScan(Predicate<Post> filter) {
        return sorted(store.scanAll(Scan.of(posts)).filter(postType::isTypeOf).map(postType::fromItem).filter(filter));
    }

    /** The original design's way for users: scan the whole user table and filter. */
    public List<User> usersByScan(Predicate<User> filter) {
        return store.scanAll(Scan.of(users)).filter(userType::isTypeOf).map(userType::fromItem).filter(filter)
                .sorted(Comparator.comparing(User::userId)).toList();
    }

    private static List<Post> sorted(java.util.stream.Stream<Post> found) {
        return found.sorted(Comparator.comparing(Post::published).reversed().thenComparing(Post::postId)).toList();
    }

    static void checkId(List<String> problems, String what, String id) {
        if (id == null || !id.matches("[a-z][a-z0-9]{0,39}")) {
            problems.add(what + " '" + id + "' must be a lower-case letter then up to 39 lower-case letters or digits");
        }
    }
}
