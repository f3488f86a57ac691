package dev.nosqlpatterns.spark;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * Reports a job's progress while it runs: tasks done out of those submitted, and items done (counted by the
 * tasks in an accumulator), one line per finished task; nothing when the stream is null.
 */
final class Progress implements AutoCloseable {
    private final SparkContext context;
    private final String job;
    private final PrintStream out;
    private final LongAccumulator items;
    private final AtomicInteger submitted = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final SparkListener listener;

    Progress(SparkSession spark, String job, PrintStream out) {
        this.context = spark.sparkContext();
        this.job = job;
        this.out = out;
        this.items = context.longAccumulator(job + " items");
        this.listener = new SparkListener() {
            @Override
            public void onStageSubmitted(SparkListenerStageSubmitted stage) {
                submitted.addAndGet(stage.stageInfo().numTasks());
            }

            @Override
            public void onTaskEnd(SparkListenerTaskEnd task) {
                int n = done.incrementAndGet();
                print("tasks " + n + "/" + submitted.get() + " done, " + items.value() + " items");
            }
        };
        context.addSparkListener(listener);
        print("started");
    }

    /** The counter tasks add the items they handled to. */
    LongAccumulator items() {
        return items;
    }

    void print(String line) {
        if (out != null) {
            out.println("[" + job + "] " + line);
            out.flush();
        }
    }

    @Override
    public void close() {
        context.removeSparkListener(listener);
        print("finished: " + done.get() + " tasks, " + items.value() + " items");
    }
}
