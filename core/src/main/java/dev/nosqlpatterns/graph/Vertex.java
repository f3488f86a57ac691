package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * One vertex as a {@link VertexProgram} sees it in one superstep: its id, edges, state and incoming
 * messages, and the means to change its state, send messages and aggregate.
 */
final class Vertex {
    private final long step;
    private final String id;
    private final long vertexCount;
    private final List<String> out;
    private final List<String> in;
    private final Optional<Value> state;
    private final List<Value> messages;
    private final Map<String, Double> previous;
    private final BiConsumer<String, Value> sender;
    private final Map<String, Double> aggregates = new HashMap<>();
    private Value newState;

    Vertex(long step, String id, long vertexCount, List<String> out, List<String> in, Optional<Value> state,
           List<Value> messages, Map<String, Double> previous, BiConsumer<String, Value> sender) {
        this.step = step;
        this.id = id;
        this.vertexCount = vertexCount;
        this.out = out;
        this.in = in;
        this.state = state;
        this.messages = messages;
        this.previous = previous;
        this.sender = sender;
    }

    /** The superstep, from 1. */
    long step() {
        return step;
    }

    String id() {
        return id;
    }

    /** The number of vertices of the graph. */
    long vertexCount() {
        return vertexCount;
    }

    List<String> out() {
        return out;
    }

    /** In-neighbours; empty unless the program asks for them. */
    List<String> in() {
        return in;
    }

    /** The state after the previous superstep; empty before the vertex first set one. */
    Optional<Value> state() {
        return state;
    }

    /** The messages sent to this vertex in the previous superstep, by sender id in UTF-8 order. */
    List<Value> messages() {
        return messages;
    }

    /** A global aggregate of the previous superstep; zero when nothing was added to it. */
    double previous(String aggregate) {
        return previous.getOrDefault(aggregate, 0.0);
    }

    void setState(Value value) {
        this.newState = value;
    }

    Optional<Value> newState() {
        return Optional.ofNullable(newState);
    }

    void send(String target, Value message) {
        sender.accept(target, message);
    }

    /** Sends the same message along every out-edge. */
    void sendToOut(Value message) {
        out.forEach(t -> sender.accept(t, message));
    }

    /** Sends the same message to every neighbour, either direction, once each. */
    void sendToNeighbours(Value message) {
        out.forEach(t -> sender.accept(t, message));
        if (!in.isEmpty()) {
            java.util.Set<String> done = new java.util.HashSet<>(out);
            in.stream().filter(done::add).forEach(s -> sender.accept(s, message));
        }
    }

    void aggregate(String name, double amount) {
        aggregates.merge(name, amount, Double::sum);
    }

    Map<String, Double> aggregates() {
        return aggregates;
    }
}
