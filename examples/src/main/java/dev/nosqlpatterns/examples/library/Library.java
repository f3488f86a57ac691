package dev.nosqlpatterns.examples.library;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompactId;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.capability.IndexQuery;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The article library in one table with typed compact ids: an author's profile and articles
 * under {@code author:neumann}, the keyword-to-article list under {@code keyword:automata} (sort key
 * {@code article:neumann/theory_of_automata}, so a prefix narrows it to one author) and the inverse
 * article-to-keyword list under the article's id. Category by year and an author's articles in
 * chronological order read the store's native secondary indexes where it has them, and otherwise an
 * application-managed index table (category) or the author's partition sorted by date.
 *
 * <p>{@link #publish} writes the keyword lists first and the article last, and is idempotent: after a
 * failure, publishing again completes it.
 */
public final class Library {
    static final String CATEGORY_INDEX = "category_year";
    static final String CHRONOLOGICAL_INDEX = "author_published";
    private static final Comparator<LibraryArticle> CHRONOLOGICAL = Comparator.comparing(LibraryArticle::published)
            .thenComparing(LibraryArticle::author).thenComparing(LibraryArticle::slug);

    private final Store store;
    private final String table;
    private final boolean nativeIndexes;
    private final IndexTable categoryTable;

    private Library(Store store, String table, boolean nativeIndexes, IndexTable categoryTable) {
        this.store = store;
        this.table = table;
        this.nativeIndexes = nativeIndexes;
        this.categoryTable = categoryTable;
    }

    /** The library on {@code store} in table {@code namespace_library} (and its index table when needed). */
    public static Library open(Store store, String namespace) {
        Objects.requireNonNull(store, "store must not be null");
        String table = TableSpec.checkName(namespace + "_library");
        boolean nativeIndexes = store.has(Capability.NATIVE_SECONDARY_INDEX);
        TableSpec.Builder spec = TableSpec.builder(table).attribute("author", Value.Type.STRING)
                .attribute("category", Value.Type.STRING).attribute("year", Value.Type.STRING)
                .attribute("published", Value.Type.STRING);
        if (nativeIndexes) {
            spec.index(IndexSpec.of(CATEGORY_INDEX, "category", "year"))
                    .index(IndexSpec.of(CHRONOLOGICAL_INDEX, "author", "published"));
        }
        store.createTable(spec.build());
        IndexTable categoryTable = nativeIndexes ? null : IndexTable.builder(store).baseTable(table)
                .indexTable(TableSpec.checkName(namespace + "_category_index")).attribute("category").build();
        return new Library(store, table, nativeIndexes, categoryTable);
    }

    /** Whether category and chronological reads use the store's native indexes. */
    public boolean usesNativeIndexes() {
        return nativeIndexes;
    }

    /** The logical tables of the model, for the explain view. */
    public List<String> tables() {
        return categoryTable == null ? List.of(table) : List.of(table, categoryTable.indexTable());
    }

    /** Access pattern 1, "register a profile": one put under {@code author:<handle>}. */
    public void registerAuthor(Author author) {
        Objects.requireNonNull(author, "author must not be null");
        String id = authorId(author.handle());
        store.put(table, Item.builder(id, id).put("name", author.name()).put("affiliation", author.affiliation()).build());
    }

    /** Access pattern 2, "publish an article": keyword lists (one batch), then the article item. */
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
        Item.Builder item = Item.builder(authorId(a.author()), articleId).put("title", a.title())
                .put("author", authorId(a.author())).put("category", a.category())
                .put("year", String.valueOf(a.published().getYear())).put("published", a.published().toString());
        if (!a.keywords().isEmpty()) {
            item.put("keywords", Value.stringSet(a.keywords()));
        }
        if (categoryTable != null) {
            categoryTable.put(item.build());
        } else {
            store.put(table, item.build());
        }
    }

    /** An author's profile: one get. */
    public Optional<Author> author(String handle) {
        String id = authorId(handle);
        return store.get(table, Key.of(id, id)).map(i -> new Author(handle, i.getString("name").orElseThrow(),
                i.getString("affiliation").orElse("")));
    }

    /** Access pattern 3, "fetch the article": one get. */
    public Optional<LibraryArticle> article(String author, String slug) {
        return store.get(table, Key.of(authorId(author), articleId(author, slug))).map(Library::article);
    }

    /** Access pattern 4, "all articles written by the author": one prefix query of the author's partition. */
    public List<LibraryArticle> articlesBy(String author) {
        String prefix = CompactId.of("article", checked("author", author)).childPrefix();
        return query(authorId(author), prefix).map(Library::article).toList();
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

    /**
     * Access pattern 8, "articles of a category in chronological order": the native index on
     * (category, year) where the store has one, else the application-managed category index table.
     */
    public List<LibraryArticle> inCategory(String category) {
        Objects.requireNonNull(category, "category must not be null");
        Stream<Item> items = nativeIndexes ? indexRead(CATEGORY_INDEX, category) : categoryTable.find(category).stream();
        return items.map(Library::article).sorted(CHRONOLOGICAL).toList();
    }

    /**
     * Access pattern 9, "the author's articles in chronological order": the native index on
     * (author, published) where the store has one, else the author's partition sorted by date.
     */
    public List<LibraryArticle> chronologicallyBy(String author) {
        if (!nativeIndexes) {
            return articlesBy(author).stream().sorted(CHRONOLOGICAL).toList();
        }
        return indexRead(CHRONOLOGICAL_INDEX, authorId(author)).map(Library::article).sorted(CHRONOLOGICAL).toList();
    }

    private Stream<Item> indexRead(String index, String value) {
        List<Item> items = new ArrayList<>();
        IndexQuery query = IndexQuery.of(table, index, Value.of(value)).limit(200);
        while (true) {
            Page page = store.queryIndex(query);
            items.addAll(page.items());
            if (page.next().isEmpty()) {
                return items.stream();
            }
            query = query.after(page.next().get());
        }
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

    private static LibraryArticle article(Item i) {
        List<String> segments = CompactId.parse(i.key().sort()).segments();
        return new LibraryArticle(segments.get(0), segments.get(1), i.getString("title").orElseThrow(),
                i.getString("category").orElseThrow(), LocalDate.parse(i.getString("published").orElseThrow()),
                i.getStringSet("keywords"));
    }

    private static String authorId(String handle) {
        return CompactId.of("author", checked("author", handle)).encode();
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
