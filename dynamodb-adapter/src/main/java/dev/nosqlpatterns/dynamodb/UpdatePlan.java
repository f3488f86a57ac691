package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import dev.nosqlpatterns.item.Value;
import java.util.function.Function;

/**
 * One {@link Write.Update} as a DynamoDB update expression: SET, REMOVE, ADD (numbers and set members)
 * and DELETE (set members), plus the derived index keys the change implies. When an ADD changes an
 * indexed attribute, its new value is known only afterwards: {@link #needsIndexFix()} says so, and the
 * caller corrects the index keys from the item DynamoDB returns.
 */
final class UpdatePlan {
    final Expr expr = new Expr();
    final String expression;
    final String condition;
    private boolean indexFix;

    UpdatePlan(Write.Update u, TableSpec spec, Layout layout) {
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        List<String> adds = new ArrayList<>();
        List<String> deletes = new ArrayList<>();
        for (UpdateAction a : u.actions()) {
            String n = expr.name(layout.attribute(a.attribute()));
            if (a instanceof UpdateAction.Set s) {
                sets.add(n + " = " + expr.value(Values.of(s.value())));
            } else if (a instanceof UpdateAction.Remove) {
                removes.add(n);
            } else if (a instanceof UpdateAction.Add add) {
                adds.add(n + " " + expr.value(AttributeValue.fromN(Values.text(add.delta()))));
            } else if (a instanceof UpdateAction.AddToSet add) {
                adds.add(n + " " + expr.value(Values.of(add.members())));
            } else if (a instanceof UpdateAction.RemoveFromSet r) {
                deletes.add(n + " " + expr.value(Values.of(r.members())));
            }
        }
        List<IndexSpec> indexes = spec.indexes();
        for (int i = 0; i < indexes.size(); i++) {
            IndexSpec index = indexes.get(i);
            int slot = i + 1;
            Optional<UpdateAction> onPartition = action(u, index.partitionAttribute());
            if (onPartition.isPresent()) {
                Optional<String> derived = derive(onPartition.get(),
                        v -> IndexKeys.partitionValue(spec.name(), index, v));
                if (derived != null) {
                    String n = expr.name(IndexKeys.pkAttribute(slot));
                    if (derived.isPresent()) {
                        sets.add(n + " = " + expr.value(IndexKeys.checkedPartition(index, derived.get())));
                        if (index.sortAttribute().isEmpty()) {
                            sets.add(expr.name(IndexKeys.skAttribute(slot)) + " = "
                                    + expr.value(IndexKeys.keySort(u.key())));
                        }
                    } else {
                        removes.add(n);
                    }
                }
            }
            Optional<UpdateAction> onSort = index.sortAttribute().flatMap(s -> action(u, s));
            if (onSort.isPresent()) {
                Optional<String> derived = derive(onSort.get(), IndexKeys::sortValue);
                if (derived != null) {
                    String n = expr.name(IndexKeys.skAttribute(slot));
                    if (derived.isPresent()) {
                        sets.add(n + " = " + expr.value(IndexKeys.checkedSort(index, derived.get())));
                    } else {
                        removes.add(n);
                    }
                }
            }
        }
        layout.padding(u.table(), 0).ifPresent(p -> sets.add(expr.name(Layout.PADDING) + " = " + expr.value(p)));
        StringBuilder b = new StringBuilder();
        clause(b, "SET", sets);
        clause(b, "REMOVE", removes);
        clause(b, "ADD", adds);
        clause(b, "DELETE", deletes);
        this.expression = b.toString();
        this.condition = expr.condition(u.condition(), layout);
    }

    boolean needsIndexFix() {
        return indexFix;
    }

    /**
     * The derived key after {@code a}: a value, empty (the attribute leaves the index), or null when it
     * depends on the stored value (an ADD).
     */
    private Optional<String> derive(UpdateAction a, Function<Value, Optional<String>> derive) {
        if (a instanceof UpdateAction.Set s) {
            return derive.apply(s.value());
        }
        if (a instanceof UpdateAction.Add) {
            indexFix = true;
            return null;
        }
        return Optional.empty();
    }

    private static Optional<UpdateAction> action(Write.Update u, String attribute) {
        return u.actions().stream().filter(a -> a.attribute().equals(attribute)).findFirst();
    }

    private static void clause(StringBuilder b, String keyword, List<String> parts) {
        if (!parts.isEmpty()) {
            b.append(b.length() == 0 ? "" : " ").append(keyword).append(' ').append(String.join(", ", parts));
        }
    }
}
