package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The runner's logging: the in-process MongoDB server's log of the commands it does not implement (which the
 * adapter's feature probes send on purpose) is off; every other library still reports warnings and errors.
 */
class LoggingTest {
    @Test
    void theEmbeddedMongoServersCommandLogIsOffAndOtherWarningsStay() {
        assertFalse(LoggerFactory.getLogger("de.bwaldvogel.mongo.wire.MongoWireProtocolHandler").isErrorEnabled());
        assertFalse(LoggerFactory.getLogger("de.bwaldvogel.mongo.backend.AbstractMongoDatabase").isErrorEnabled());
        assertTrue(LoggerFactory.getLogger("de.bwaldvogel.mongo.MongoServer").isWarnEnabled(), "the server's other logs stay");
        assertTrue(LoggerFactory.getLogger("software.amazon.awssdk").isWarnEnabled());
        assertFalse(LoggerFactory.getLogger("software.amazon.awssdk").isInfoEnabled());
    }
}
