package dev.nosqlpatterns.examples.cli;

import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.store.Store;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The command-line program of the reference applications: {@code list} them, {@code run} one on a store
 * (each access pattern with its result count, round trips, items read and capacity units), or
 * {@code explain} one (the physical items its tables hold).
 */
@Command(name = "nosqlpatterns-examples", mixinStandardHelpOptions = true,
        description = "Runs and explains the reference applications on any store.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:success", "1:an unexpected failure (a bug), printed with its stack trace",
                "2:a mistake: no command, a bad argument, an unknown store, a malformed store URI or a server"
                        + " that cannot be reached, told in one line (--verbose adds the stack trace)"},
        subcommands = {ExamplesCli.ListCommand.class, ExamplesCli.RunCommand.class, ExamplesCli.ExplainCommand.class})
public final class ExamplesCli implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs the program and exits with its code. */
    public static void main(String[] args) {
        int code = execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true), System.getenv());
        // Embedded servers (DynamoDB Local, Cassandra) keep non-daemon threads; their shutdown hooks stop them.
        System.exit(code);
    }

    /**
     * Runs the program with the given streams and environment; returns the exit code: 0 on success, 2
     * for a mistake of the user's (no command, a bad argument, an unknown store, a malformed store URI,
     * an unreachable server), told in one line on {@code err} with its stack trace only under
     * {@code --verbose}; 1 for an unexpected failure, printed with its stack trace.
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err, Map<String, String> environment) {
        CommandLine cli = new CommandLine(new ExamplesCli(), new EnvironmentFactory(environment));
        cli.setOut(out).setErr(err);
        boolean verbose = java.util.Arrays.asList(args).contains("--verbose");
        cli.setParameterExceptionHandler((mistake, arguments) -> {
            err.println("error: " + CliErrors.firstLine(mistake.getMessage()) + "; see --help");
            if (verbose) {
                mistake.printStackTrace(err);
            }
            err.flush();
            return CliErrors.USER_ERROR;
        });
        cli.setExecutionExceptionHandler((failure, command, parsed) -> {
            if (failure instanceof CliErrors.Mistake) {
                err.println("error: " + failure.getMessage());
                if (verbose) {
                    failure.printStackTrace(err);
                }
                err.flush();
                return CliErrors.USER_ERROR;
            }
            err.println("internal error: " + CliErrors.firstLine(failure.getMessage()));
            failure.printStackTrace(err);
            err.flush();
            return CliErrors.INTERNAL_ERROR;
        });
        return cli.execute(args);
    }

    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "print the stack trace of an error after its one-line message")
    boolean verbose;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return CliErrors.USER_ERROR;
    }

    /** Lists the examples. */
    @Command(name = "list", description = "Lists the examples.")
    static final class ListCommand implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            for (Example e : Examples.all()) {
                out.printf("%-10s %s%n", e.name(), e.summary());
            }
            out.flush();
            return 0;
        }
    }

    /** Options shared by run and explain. */
    abstract static class OnStore implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;
        final Map<String, String> environment;

        @Parameters(index = "0", description = "the example, see 'list'")
        String example;

        @Option(names = "--store", defaultValue = "memory",
                description = "memory, dynamodb, cassandra, mongodb, redis, lucene (embedded default started"
                        + " unless NOSQLPATTERNS_<STORE>_URI is set), or a store URI; default: ${DEFAULT-VALUE}")
        String store;

        @Option(names = "--namespace", defaultValue = "ex",
                description = "prefix of the example's table names; default: ${DEFAULT-VALUE}")
        String namespace;

        OnStore(Map<String, String> environment) {
            this.environment = environment;
        }

        @Override
        public Integer call() {
            Example chosen = Examples.named(example).orElseThrow(() -> new CommandLine.ParameterException(
                    spec.commandLine(), "no example named '" + example + "'; 'list' shows them"));
            String server;
            try {
                server = StoreOpener.serverUri(store, environment);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--store: " + e.getMessage(), e, null, store);
            }
            Store opened;
            try {
                opened = StoreOpener.open(store, environment);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--store: " + e.getMessage(), e, null, store);
            } catch (RuntimeException e) {
                throw CliErrors.unreachable(e, server).orElse(e);
            }
            try (opened) {
                perform(new Runner(opened, spec.commandLine().getOut()), chosen);
            } catch (RuntimeException e) {
                throw CliErrors.unreachable(e, server).orElse(e);
            }
            return 0;
        }

        abstract void perform(Runner runner, Example chosen);
    }

    /** Runs an example's access patterns and prints what each cost. */
    @Command(name = "run", description = "Loads an example's sample data and runs its access patterns with their cost.")
    static final class RunCommand extends OnStore {
        RunCommand(Map<String, String> environment) {
            super(environment);
        }

        @Override
        void perform(Runner runner, Example chosen) {
            runner.run(chosen, namespace + "_" + chosen.name());
        }
    }

    /** Prints the physical items of an example's tables. */
    @Command(name = "explain", description = "Loads an example and prints the items its tables hold, as the store keeps them.")
    static final class ExplainCommand extends OnStore {
        @Option(names = "--limit", defaultValue = "200", description = "items printed per table; default: ${DEFAULT-VALUE}")
        int limit;

        ExplainCommand(Map<String, String> environment) {
            super(environment);
        }

        @Override
        void perform(Runner runner, Example chosen) {
            if (limit < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be at least 1, got " + limit);
            }
            runner.explain(chosen, namespace + "_" + chosen.name(), limit);
        }
    }

    /** Builds the commands with the environment they read store addresses from. */
    private record EnvironmentFactory(Map<String, String> environment) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            if (OnStore.class.isAssignableFrom(type)) {
                return type.getDeclaredConstructor(Map.class).newInstance(environment);
            }
            return CommandLine.defaultFactory().create(type);
        }
    }
}
