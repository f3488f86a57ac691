package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.verify.Verification;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Tree#verify()} found: the number of nodes, whether a journaled change is still pending,
 * journal entries no change refers to, and every disagreement between the tree's items.
 *
 * @param nodes          nodes found
 * @param pendingChange  whether a journaled change was committed but not yet fully applied
 * @param strayJournal   journal items that no pending change refers to (left by an interrupted writer;
 *                       harmless, removed by {@link Tree#repair()})
 * @param problems       inconsistencies, each naming the items concerned; empty for a sound tree
 */
public record TreeVerification(long nodes, boolean pendingChange, int strayJournal, List<String> problems)
        implements Verification {

    public TreeVerification {
        Objects.requireNonNull(problems, "problems");
        problems = List.copyOf(problems);
        if (nodes < 0 || strayJournal < 0) {
            throw new IllegalArgumentException("counts must not be negative");
        }
    }

    @Override
    public long examined() {
        return nodes;
    }

    /** The inconsistencies, a pending change and each stray journal item, counted one each. */
    @Override
    public long disagreements() {
        return problems.size() + (pendingChange ? 1 : 0) + strayJournal;
    }

    @Override
    public List<String> findings() {
        List<String> out = new java.util.ArrayList<>(problems);
        if (pendingChange) {
            out.add("a journaled change is still pending");
        }
        if (strayJournal > 0) {
            out.add(strayJournal + " journal items no pending change refers to");
        }
        return out;
    }
}
