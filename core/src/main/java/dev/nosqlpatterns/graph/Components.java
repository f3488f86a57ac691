package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;

/**
 * Weakly connected components by label propagation: every vertex starts labelled with its own id and
 * tells its neighbours (edges taken in both directions); a vertex hearing a smaller label (UTF-8 order)
 * takes it and passes it on. Ends when no message was sent: each component is then labelled with its
 * smallest vertex id.
 */
final class Components implements VertexProgram {

    @Override
    public String name() {
        return "components";
    }

    @Override
    public String parameters() {
        return "";
    }

    @Override
    public boolean needsInEdges() {
        return true;
    }

    @Override
    public void compute(Vertex v) {
        String label;
        if (v.step() == 1) {
            label = v.id();
        } else {
            label = v.state().map(VertexProgram::asString).orElse(v.id());
            String heard = label;
            for (Value m : v.messages()) {
                String s = VertexProgram.asString(m);
                if (Utf8Order.compare(s, heard) < 0) {
                    heard = s;
                }
            }
            if (heard.equals(label)) {
                return;
            }
            label = heard;
        }
        v.setState(Value.of(label));
        v.sendToNeighbours(Value.of(label));
    }

    @Override
    public boolean done(long step, StepTotals totals) {
        return totals.messages() == 0;
    }
}
