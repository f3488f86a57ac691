package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.math.BigInteger;

/** {@link PartitionSizes} from a partition read and from {@code system.table_estimates}. */
final class PartitionStats {
    private static final int PAGE = 1_000;
    private static final BigInteger RING = BigInteger.ONE.shiftLeft(64);

    private final Cql cql;
    private final Tables tables;

    PartitionStats(Cql cql, Tables tables) {
        this.cql = cql;
        this.tables = tables;
    }

    PartitionSizes.PartitionSize measure(String table, String partition, CostMeter meter) {
        TableInfo t = tables.get(table);
        String text = "SELECT sk, attrs FROM " + t.cqlName + " WHERE pk = ?";
        long items = 0;
        long bytes = 0;
        for (Row row : cql.execute(cql.plain(cql.prepare(text, t.name), partition).setPageSize(PAGE), meter,
                t.name, null)) {
            items++;
            bytes += ItemRows.decode(Key.of(partition, row.getString(0)), row, 1).sizeInBytes();
        }
        return new PartitionSizes.PartitionSize(table, partition, items, bytes);
    }

    PartitionSizes.TableEstimate estimate(String table, CostMeter meter) {
        TableInfo t = tables.get(table);
        long partitions = 0;
        double weightedBytes = 0;
        BigInteger covered = BigInteger.ZERO;
        for (Row row : cql.execute(SimpleStatement.newInstance("SELECT range_type, range_start, range_end,"
                + " mean_partition_size, partitions_count FROM system.table_estimates"
                + " WHERE keyspace_name = ? AND table_name = ?", cql.settings.keyspace(), t.name),
                meter, t.name, null)) {
            if (!"primary".equals(row.getString(0))) {
                continue;
            }
            long count = row.getLong(4);
            partitions += count;
            weightedBytes += (double) row.getLong(3) * count;
            covered = covered.add(width(row.getString(1), row.getString(2)));
        }
        if (partitions == 0 || covered.signum() == 0) {
            return new PartitionSizes.TableEstimate(table, 0, 0);
        }
        long mean = Math.round(weightedBytes / partitions);
        long total = new java.math.BigDecimal(partitions).multiply(new java.math.BigDecimal(RING))
                .divide(new java.math.BigDecimal(covered), java.math.RoundingMode.HALF_UP).longValue();
        return new PartitionSizes.TableEstimate(table, total, mean);
    }

    /** The number of tokens in {@code (start, end]} of the Murmur3 ring, wrapping around; 0 when unknown. */
    private static BigInteger width(String start, String end) {
        try {
            BigInteger s = new BigInteger(start);
            BigInteger e = new BigInteger(end);
            BigInteger w = e.subtract(s);
            return w.signum() > 0 ? w : w.add(RING);
        } catch (NumberFormatException | NullPointerException notMurmur3) {
            return BigInteger.ZERO;
        }
    }
}
