package dev.nosqlpatterns.migration;

/**
 * A write of a migration's old entity type refused through a repository the migration's job is attached to,
 * because the migration is cleaning up or done: the application writes the new type from then on. Nothing was
 * written. A subclass of {@link IllegalStateException}, so callers that caught that before still do.
 */
public final class MigrationPhaseException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final String migration;
    private final MigrationPhase phase;

    MigrationPhaseException(Migration<?, ?> migration, MigrationPhase phase) {
        super("entity type '" + migration.from().name() + "' of table '" + migration.from().table()
                + "' was migrated to '" + migration.to().name() + "' of table '" + migration.to().table()
                + "' by migration '" + migration.name() + "' (" + phase + "); nothing was written: write through the "
                + "new type" + (migration.rekeys() ? "" : " (the one declaring " + migration.to().indexes().stream()
                .map(ix -> ix.name()).toList() + ", schema version " + migration.to().schemaVersion() + ")"));
        this.migration = migration.name();
        this.phase = phase;
    }

    /** The name of the migration that refused the write. */
    public String migration() {
        return migration;
    }

    /** The phase the migration was at: {@link MigrationPhase#CLEANUP} or {@link MigrationPhase#DONE}. */
    public MigrationPhase phase() {
        return phase;
    }
}
