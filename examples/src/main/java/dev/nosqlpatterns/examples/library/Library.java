package dev.nosqlpatterns.examples.library;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.key.CompactId;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The article library in one table with typed compact ids: an author's profile and articles
 * under {@code author:neumann}, the keyword-to-article list under {@code keyword:automata} (sort key
 * {@code article:neumann/theory_of_automata}, so a prefix narrows it to one author) and the inverse
 * article-to-keyword list under the article's id. Authors and articles are entities; articles declare
 * two indexes, category by date and author by date, which the repository keeps in step on every store
 * (natively where the store's index reads are consistent, else as index tables).
 *
 * <p>{@link #publish} writes the keyword lists first and the article last, and is idempotent: after a
 * failure, publishing again completes it. Each article's reading figures ({@link ArticleStats}) are an entity
 * of their own, counted by partial updates and versioned for an editor's reset.
 */
public final class Library {
    static final String BY_CATEGORY = "byCategory";
    static final String BY_AUTHOR = "byAuthor";

    private final Store store;
    private final String table;
    private final EntityType<Author> authors;
    private final EntityType<LibraryArticle> articles;
    private final EntityType<ArticleStats> stats;
    private final EntityRepository repo;

    private Library(Store store, String table, EntityType<Author> authors, EntityType<LibraryArticle> articles,
                    EntityType<ArticleStats> stats, EntityRepository repo) {
        this.store = store;
        this.table = table;
        this.authors = authors;
        this.articles = articles;
        this.stats = stats;
        this.repo = repo;
    }

    /** The library on {@code store} in table {@code namespace_library} (and the index tables its store needs). */
    public static Library open(Store store, String namespace) {
        Objects.requireNonNull(store, "store must not be null");
        String table = TableSpec.checkName(namespace + "_library");
        EntityType<Author> authors = EntityType.builder(Author.class).table(table)
                .partitionKey("author:{handle}").sortKey("author:{handle}").build();
        EntityType<LibraryArticle> articles = EntityType.builder(LibraryArticle.class).table(table)
                .partitionKey("author:{author}").sortKey("article:{author}/{slug}")
                .index(BY_CATEGORY, "{category}", "{published}")
                .index(BY_AUTHOR, "{author}", "{published}")
                .build();
        EntityType<ArticleStats> stats = EntityType.builder(ArticleStats.class).table(table)
                .partitionKey("author:{author}").sortKey("stats:{author}/{slug}").version("version").build();
        EntityRepository repo = EntityRepository.of(store, authors, articles, stats);
        repo.createTables();
        return new Library(store, table, authors, articles, stats, repo);
    }

    /** How the category index is kept on this store, for the explain view. */
    public String categoryIndex() {
        return repo.howIndexed(articles, BY_CATEGORY);
    }

    /** The logical tables of the model, for the explain view. */
    public List<String> tables() {
        return repo.tables();
    }

    /** Access pattern 1, "register a profile": one put under {@code author:<handle>}. */
    public void registerAuthor(Author author) {
        repo.save(authors, Objects.requireNonNull(author, "author must not be null"));
    }

    /** Access pattern 2, "publish an article": keyword lists (one batch), then the article with its index entries. */
    public void publish(LibraryArticle a) {
        Objects.requireNonNull(a, "article must not be null");
        String articleId = articleId(a.author(), a.slug());
        List<Write> links = new ArrayList<>();
        for (String keyword : a.keywords().stream().sorted().toList()) {
            String keywordId = CompactId.of("keyword", keyword).encode();
            links.add(Write.put(table, Item.builder(keywordId, articleId).put("title", a.title()).build()));
            links.add(Write.put(table, Item.builder(articleId, keywordId).build()));
        }
        if (!links.isEmpty()) {
            store.writeBatch(links);
        }
        repo.save(articles, a);
    }

    /** An author's profile: one get. */
    public Optional<Author> author(String handle) {
        return repo.get(authors, Map.of("handle", checked("author", handle)));
    }

    /** Access pattern 3, "fetch the article": one get. */
    public Optional<LibraryArticle> article(String author, String slug) {
        return repo.get(articles, Map.of("author", checked("author", author), "slug", checked("article slug", slug)));
    }

    /** Access pattern 4, "all articles written by the author": one prefix query of the author's partition. */
    public List<LibraryArticle> articlesBy(String author) {
        return repo.query(articles, Map.of("author", checked("author", author))).toList();
    }

    /** Access pattern 5, "article titles for a keyword": one query of the keyword's list. */
    public List<ArticleTitle> titlesFor(String keyword) {
        return titles(keyword, CompactId.schemePrefix("article"));
    }

    /** Access pattern 6, "titles written by the author for a keyword": one query, the author as a sort-key prefix. */
    public List<ArticleTitle> titlesFor(String keyword, String author) {
        return titles(keyword, CompactId.of("article", checked("author", author)).childPrefix());
    }

    /** Access pattern 7, "all keywords of the article": one query of the article's inverse list. */
    public List<String> keywordsOf(String author, String slug) {
        return query(articleId(author, slug), CompactId.schemePrefix("keyword"))
                .map(i -> CompactId.parse(i.key().sort()).segments().get(0)).toList();
    }

    /** Access pattern 8, "articles of a category in chronological order": the declared category index. */
    public List<LibraryArticle> inCategory(String category) {
        return repo.query(articles, BY_CATEGORY).eq(Objects.requireNonNull(category, "category must not be null")).list();
    }

    /** Access pattern 9, "the author's articles in chronological order": the declared author index. */
    public List<LibraryArticle> chronologicallyBy(String author) {
        return repo.query(articles, BY_AUTHOR).eq(checked("author", author)).list();
    }

    /**
     * Access pattern 10, "count a view": a partial update of the article's figures (one more view, the reader
     * added to the set) without reading them first, one conditional request; the first view creates them.
     *
     * @return the figures after the view, or empty when there is no such article
     */
    public Optional<ArticleStats> recordView(String author, String slug, String reader) {
        Map<String, Object> key = Map.of("author", checked("author", author), "slug", checked("article slug", slug));
        checked("reader", reader);
        for (int attempt = 0; attempt < 3; attempt++) {
            Optional<ArticleStats> counted = repo.patch(stats, key).add("views", 1).addMembers("readers", Set.of(reader))
                    .apply();
            if (counted.isPresent()) {
                return counted;
            }
            if (article(author, slug).isEmpty()) {
                return Optional.empty();
            }
            try {
                repo.insert(new ArticleStats(author, slug, 1, Set.of(reader), 0));
                return repo.get(stats, key);
            } catch (ConditionFailedException another) {
                // another reader created them first: count on them
            }
        }
        throw new IllegalStateException("the figures of " + author + "/" + slug + " could not be created or counted");
    }

    /** The article's reading figures, with the version an editor's {@link #resetStats} must name. */
    public Optional<ArticleStats> stats(String author, String slug) {
        return repo.get(stats, Map.of("author", checked("author", author), "slug", checked("article slug", slug)));
    }

    /**
     * Access pattern 11, "an editor resets the figures": deletes them only at the version the editor read, so a
     * view counted since is not thrown away unseen.
     *
     * @return true when they were deleted
     * @throws dev.nosqlpatterns.entity.VersionConflictException naming the version read and the one stored
     */
    public boolean resetStats(String author, String slug, long versionRead) {
        return repo.delete(stats, Map.of("author", checked("author", author), "slug", checked("article slug", slug)),
                versionRead);
    }

    /**
     * Access pattern 12, "move an article to another category": a partial update of the indexed category, so the
     * repository moves its entry in the category index (a read, then the write with its index entries).
     *
     * @return the article as moved, or empty when there is none
     */
    public Optional<LibraryArticle> recategorize(String author, String slug, String category) {
        return repo.patch(articles, Map.of("author", checked("author", author), "slug", checked("article slug", slug)))
                .set("category", Objects.requireNonNull(category, "category must not be null")).apply();
    }

    private List<ArticleTitle> titles(String keyword, String prefix) {
        return query(CompactId.of("keyword", checked("keyword", keyword)).encode(), prefix).map(i -> {
            List<String> segments = CompactId.parse(i.key().sort()).segments();
            return new ArticleTitle(segments.get(0), segments.get(1), i.getString("title").orElse(""));
        }).toList();
    }

    private Stream<Item> query(String partition, String prefix) {
        return store.queryAll(Query.in(table, partition).where(SortKeyCondition.beginsWith(prefix)).limit(200));
    }

    private static String articleId(String author, String slug) {
        return CompactId.of("article", checked("author", author), checked("article slug", slug)).encode();
    }

    private static String checked(String what, String handle) {
        List<String> problems = new ArrayList<>();
        LibraryArticle.checkHandle(problems, what, handle);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(problems.get(0));
        }
        return handle;
    }
}
