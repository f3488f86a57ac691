package dev.nosqlpatterns.lucene;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs an index writer's file I/O where no caller's interrupt reaches it. An interrupt during I/O on a
 * {@code FileChannel} closes the channel ({@code ClosedByInterruptException}); inside Lucene's
 * {@code IndexWriter} that is a tragic event, and the writer closes itself for every backend sharing it. Frameworks
 * interrupt the threads of work they cancel (Spark SQL does by default), so the writer's calls run on threads of
 * their own that nothing interrupts, while the caller waits without reacting to interrupts and keeps its interrupt
 * status for its own code to see.
 */
final class Uninterruptible {
    private static final Executor THREADS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS,
            new SynchronousQueue<>(), IoThread::new);

    private Uninterruptible() {
    }

    /** Runs {@code call} on a thread no caller can interrupt, unless this thread already is one. */
    static <T> T run(Failures.IoCall<T> call) throws IOException {
        if (Thread.currentThread() instanceof IoThread) {
            return call.call();
        }
        FutureTask<T> task = new FutureTask<>(call::call);
        THREADS.execute(task);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw rethrown(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static IOException rethrown(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IOException(cause);
    }

    /** A thread of the pool: daemon, so that an open index never keeps a JVM alive. */
    private static final class IoThread extends Thread {
        IoThread(Runnable task) {
            super(task, "nosqlpatterns-lucene-io");
            setDaemon(true);
        }
    }
}
