package dev.nosqlpatterns.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/** The jobs and the data source inside one tenant of a Lucene index, in a fresh directory per run. */
class LuceneTenantJobsTest extends TenantJobsContract {
    @Override
    protected String storeUri() {
        try {
            return "lucene:" + Files.createTempDirectory("nosqlpatterns-spark-tenants-lucene").toAbsolutePath()
                    + "?commit=explicit";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
