package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.model.Footprint;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import java.io.IOException;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SegmentReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;

/**
 * A table's share of the one Lucene index every table of a store lives in. After a refresh (which writes
 * every buffered document into a segment) each segment's files are apportioned to the tables by their
 * share of the segment's live documents; a segment holding one table's documents is wholly that table's.
 * An estimate: documents of one segment differ in size, and deleted documents not yet merged away count
 * for the live ones.
 */
final class LuceneFootprint implements StorageFootprint {
    private final SharedIndex index;

    LuceneFootprint(SharedIndex index) {
        this.index = index;
    }

    @Override
    public Footprint footprint(String table, CostMeter meter) {
        meter.roundTrip();
        TableSpec.checkName(table);
        if (!index.tables.containsKey(table)) {
            throw new TableNotFoundException(table);
        }
        double bytes = Failures.run(table, null, () -> {
            index.fresh();
            IndexSearcher searcher = index.acquireSearcher();
            try {
                double share = 0;
                for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                    share += share(leaf.reader(), new Term(Docs.TABLE, table));
                }
                return share;
            } finally {
                index.releaseSearcher(searcher);
            }
        });
        return new Footprint(table, Math.round(bytes), "Lucene segment files of the index all tables share,"
                + " apportioned by the table's share of each segment's live documents", Footprint.Accuracy.ESTIMATE, false);
    }

    /** The bytes of the segment's files times the fraction of its live documents that belong to the table. */
    private static double share(LeafReader reader, Term table) throws IOException {
        int live = reader.numDocs();
        if (live == 0 || !(FilterLeafReader.unwrap(reader) instanceof SegmentReader segment)) {
            return 0;
        }
        PostingsEnum docs = reader.postings(table, PostingsEnum.NONE);
        if (docs == null) {
            return 0;
        }
        Bits liveDocs = reader.getLiveDocs();
        long mine = 0;
        for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
            if (liveDocs == null || liveDocs.get(doc)) {
                mine++;
            }
        }
        return (double) segment.getSegmentInfo().sizeInBytes() * mine / live;
    }
}
