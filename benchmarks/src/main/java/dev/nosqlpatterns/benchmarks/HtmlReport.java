package dev.nosqlpatterns.benchmarks;

import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * Renders a {@link Report} as one self-contained HTML page: inline CSS and inline SVG bar charts, no
 * scripts and nothing fetched from elsewhere. First the recommendations (per workload and store, the
 * technique the run's figures favour and why); then, per workload, each store's recommendation, the notes on
 * figures out of line with the rest of the run, and a row of charts, a group of bars per store and a bar per
 * technique: median latency, round trips waited in sequence, items read per result (reads) or written per
 * logical write (writes), capacity units per operation and stored bytes, each with its axis titled and its
 * unit; then the same tables as the Markdown report.
 */
final class HtmlReport {
    private static final String[] COLOURS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1",
        "#ff9da7", "#9c755f"};
    /** Plot area height in pixels. */
    private static final int PLOT = 170;
    /** Space left of the plot for the axis title and tick labels. */
    private static final int LEFT = 66;
    /** Space above the plot for the chart's title. */
    private static final int TOP = 30;
    private static final int BAR = 14;
    /** A store's group is never narrower than this, so that store names never overlap. */
    private static final int MIN_GROUP = 84;
    /** Approximate width of a character of the 11 px labels. */
    private static final double CHAR = 6.4;

    /** Where the Markdown recommendations section turns from the overview to the reasons. */
    private static final String WHY = "Why, per workload and store:";

    private HtmlReport() {
    }

    /** A figure charted per cell: its title, its axis title with the unit, its scale and how a value reads. */
    record Metric(String title, String axis, boolean log, ToDoubleFunction<CellResult> value,
                  DoubleFunction<String> shown, Anomalies.Metric flagged) {
    }

    /** The charts of a workload: latency, then the costs that apply to it. */
    static List<Metric> metrics(boolean write) {
        List<Metric> out = new ArrayList<>();
        out.add(new Metric("Median latency, log scale", "p50 latency per operation", true,
                c -> c.stats().get().p50Micros(), Report::micros, null));
        out.add(new Metric("Round trips in sequence", "round trips per operation", false,
                c -> c.costs().get().criticalPathPerOp(), Report::compact, null));
        if (write) {
            out.add(new Metric("Write amplification", "items written per write", false,
                    c -> c.costs().get().writesPerLogicalWrite(), Report::compact, null));
        } else {
            out.add(new Metric("Read amplification, log scale", "items read per result", true,
                    c -> c.costs().get().readAmplification(), Report::compact, Anomalies.Metric.READ_AMPLIFICATION));
        }
        out.add(new Metric("Capacity units, log scale", "units per operation", true,
                c -> c.costs().get().capacityPerOp(), Report::compact, Anomalies.Metric.CAPACITY_UNITS));
        if (!write) {
            out.add(new Metric("Stored bytes, log scale", "bytes stored by the set-up", true, Recommendations::storedBytes,
                    Report::bytes, null));
        }
        return out;
    }

    static String render(Report r) {
        List<Anomalies.Anomaly> anomalies = Anomalies.find(r);
        Map<String, Recommendations.Recommendation> recommended = new HashMap<>();
        for (Recommendations.Recommendation rec : Recommendations.all(r)) {
            recommended.put(key(rec.workload(), rec.store()), rec);
        }
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>nosqlpatterns benchmark</title>\n")
                .append("<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:1500px;color:#222}")
                .append("table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px solid #ccc;padding:3px 7px}")
                .append("td.n{text-align:right}th{background:#f3f3f3}.fail{color:#b00;font-weight:bold}.skip{color:#888}")
                .append(".charts{display:flex;flex-wrap:wrap;gap:6px 28px;align-items:flex-start}")
                .append(".rec{margin:.3em 0;padding-left:1.2em;font-size:14px}.rec li{margin:.15em 0}")
                .append(".note{color:#8a4b00;font-size:13px;margin:.3em 0}.legend{font-size:13px;margin:.4em 0}")
                .append("section.w{border-top:1px solid #ddd;margin-top:1.5em}")
                .append("svg text{font-size:11px;font-family:system-ui,sans-serif}svg .t{font-size:12px;font-weight:bold}")
                .append("</style></head><body>\n");
        b.append("<h1>nosqlpatterns: pattern comparison</h1>\n<p>Run ").append(esc(r.started().truncatedTo(ChronoUnit.SECONDS).toString()))
                .append(", mode <b>").append(r.settings().mode().name().toLowerCase(Locale.ROOT)).append("</b>, ")
                .append(r.duration().toSeconds()).append(" s. Every answer was checked against an oracle before it was timed.</p>\n");
        String md = MarkdownReport.render(r);
        List<String> sections = List.of(md.split("\n## "));
        // at a glance here; each reason is given with its workload's charts below
        sections.stream().filter(x -> x.startsWith("Recommendations")).findFirst().ifPresent(x -> section(b,
                x.contains(WHY) ? x.substring(0, x.indexOf(WHY)) + "Each recommendation's reason is given with its workload's"
                        + " charts below.\n" : x));
        b.append("<h2>Per workload: latency and cost</h2>\n<p>A group of bars per store, a bar per technique. ")
                .append("★ marks the recommended technique on that store, <span class=\"fail\">!</span> a figure out of ")
                .append("line with the rest of the run (its note is above the charts), – a technique not measured there ")
                .append("(skipped, or no figure reported), <span class=\"fail\">✗</span> a failed cell. Hover over a bar ")
                .append("for its value. Capacity units are DynamoDB's where it reports them, elsewhere estimated by its formula.</p>\n");
        for (Report.Workload w : r.workloads()) {
            b.append("<section class=\"w\"><h3>").append(esc(w.family() + ": " + w.workload())).append("</h3>\n");
            StringBuilder recs = new StringBuilder();
            for (String store : r.storeNames()) {
                Recommendations.Recommendation rec = recommended.get(key(w, store));
                if (rec != null) {
                    recs.append("<li><b>").append(esc(store)).append("</b>: <b>").append(esc(rec.technique()))
                            .append("</b>, ").append(esc(rec.line())).append("</li>\n");
                }
            }
            if (!recs.isEmpty()) {
                b.append("<ul class=\"rec\">\n").append(recs).append("</ul>\n");
            }
            for (Anomalies.Anomaly a : anomalies) {
                if (w.matches(a.cell())) {
                    b.append("<p class=\"note\">! <b>").append(esc(a.cell().store())).append(", ")
                            .append(esc(a.cell().technique())).append("</b>: ").append(esc(a.explanation())).append("</p>\n");
                }
            }
            b.append(legend(r.techniques(w)));
            b.append("<div class=\"charts\">\n");
            boolean write = r.cells().stream().anyMatch(c -> w.matches(c) && c.costs().isPresent()
                    && !Double.isNaN(c.costs().get().writesPerLogicalWrite()));
            for (Metric m : metrics(write)) {
                b.append(chart(r, w, m, anomalies, recommended));
            }
            b.append("</div></section>\n");
        }
        for (String section : sections) {
            if (section.startsWith("# ") || section.startsWith("Recommendations")) {
                continue;
            }
            section(b, section);
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    private static void section(StringBuilder b, String section) {
        int nl = section.indexOf('\n');
        b.append("<h2>").append(esc(section.substring(0, nl))).append("</h2>\n");
        b.append(markdownTableToHtml(section.substring(nl + 1)));
    }

    private static String key(Report.Workload w, String store) {
        return w.family() + "\u0000" + w.workload() + "\u0000" + store;
    }

    private static String legend(List<String> techniques) {
        StringBuilder s = new StringBuilder("<p class=\"legend\">");
        for (int ti = 0; ti < techniques.size(); ti++) {
            s.append("<span style=\"color:").append(COLOURS[ti % COLOURS.length]).append("\">■</span> ")
                    .append(esc(techniques.get(ti))).append(" &nbsp; ");
        }
        return s.append("</p>\n").toString();
    }

    /** The latency chart of a workload, as the tests and older callers know it. */
    static String chart(Report r, Report.Workload w) {
        return chart(r, w, metrics(false).get(0), List.of(), Map.of());
    }

    /**
     * One grouped bar chart of {@code m}: a group per store, a bar per technique; the recommended technique's
     * bar carries a star, a flagged figure an exclamation mark, a cell without a figure a dash (a cross when
     * it failed). Empty when no cell of the workload has the figure.
     */
    static String chart(Report r, Report.Workload w, Metric m, List<Anomalies.Anomaly> anomalies,
                        Map<String, Recommendations.Recommendation> recommended) {
        List<String> stores = r.storeNames();
        List<String> techniques = r.techniques(w);
        double max = Double.NaN;
        double min = Double.NaN;
        for (CellResult c : r.cells()) {
            if (w.matches(c) && c.status() == CellResult.Status.MEASURED) {
                double v = m.value().applyAsDouble(c);
                if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                    max = Double.isNaN(max) ? v : Math.max(max, v);
                    if (v > 0) {
                        min = Double.isNaN(min) ? v : Math.min(min, v);
                    }
                }
            }
        }
        if (Double.isNaN(max)) {
            return "";
        }
        Scale scale = m.log() ? Scale.log(Double.isNaN(min) ? 1 : min, Math.max(max, Double.isNaN(min) ? 1 : min))
                : Scale.linear(max);
        int groupWidth = Math.max(MIN_GROUP, Math.max(1, techniques.size()) * BAR + 16);
        int plotWidth = stores.size() * groupWidth;
        int width = LEFT + plotWidth + 12;
        boolean rotate = stores.stream().anyMatch(s -> s.length() * CHAR > groupWidth - 6);
        int labels = rotate ? 14 + (int) (stores.stream().mapToInt(String::length).max().orElse(0) * CHAR * 0.6) : 16;
        int height = TOP + PLOT + labels + 22;
        int bottom = TOP + PLOT;
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" role=\"img\" aria-label=\"").append(esc(m.title() + ": " + w.workload()))
                .append("\">\n");
        s.append(String.format(Locale.ROOT, "<text class=\"t\" x=\"%d\" y=\"16\">%s</text>%n", LEFT, esc(m.title())));
        s.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" "
                + "text-anchor=\"middle\">%s</text>%n", TOP + PLOT / 2, TOP + PLOT / 2, esc(m.axis())));
        for (double tick : scale.ticks()) {
            double y = bottom - PLOT * scale.position(tick);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, LEFT + plotWidth, y, y,
                    LEFT - 4, y + 4, esc(m.shown().apply(tick))));
        }
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#888\"/>%n",
                LEFT, LEFT + plotWidth, bottom, bottom));
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#888\"/>%n",
                LEFT, LEFT, TOP, bottom));
        for (int si = 0; si < stores.size(); si++) {
            String store = stores.get(si);
            int g0 = LEFT + si * groupWidth;
            int x0 = g0 + (groupWidth - techniques.size() * BAR) / 2;
            Recommendations.Recommendation rec = recommended.get(key(w, store));
            for (int ti = 0; ti < techniques.size(); ti++) {
                int x = x0 + ti * BAR;
                String technique = techniques.get(ti);
                var cell = r.cell(w, technique, store);
                double v = cell.filter(c -> c.status() == CellResult.Status.MEASURED)
                        .map(c -> m.value().applyAsDouble(c)).orElse(Double.NaN);
                if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                    double h = Math.max(1, PLOT * scale.position(v));
                    double top = bottom - h;
                    s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                                    + "<title>%s, %s: %s</title></rect>%n", x, top, BAR - 2, h,
                            COLOURS[ti % COLOURS.length], esc(store), esc(technique), esc(m.shown().apply(v))));
                    double markY = top - 3;
                    if (m.flagged() != null && Anomalies.of(anomalies, cell.get()).stream()
                            .anyMatch(a -> a.metric() == m.flagged())) {
                        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                                + "fill=\"#b00\" font-weight=\"bold\">!</text>%n", x + (BAR - 2) / 2.0, markY));
                        markY -= 11;
                    }
                    if (rec != null && rec.chosen() == cell.get()) {
                        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">★"
                                + "<title>recommended on %s</title></text>%n", x + (BAR - 2) / 2.0, markY, esc(store)));
                    }
                } else {
                    boolean failed = cell.map(c -> c.status() == CellResult.Status.FAILED).orElse(false);
                    String why = cell.map(c -> c.status() == CellResult.Status.MEASURED ? "no figure reported" : c.reason())
                            .orElse("not run");
                    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\">%s"
                                    + "<title>%s, %s: %s</title></text>%n", x + (BAR - 2) / 2.0, bottom - 3,
                            failed ? "#b00" : "#888", failed ? "✗" : "–", esc(store), esc(technique), esc(why)));
                }
            }
            double cx = g0 + groupWidth / 2.0;
            if (rotate) {
                s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" "
                        + "transform=\"rotate(-35 %.1f %d)\">%s</text>%n", cx, bottom + 14, cx, bottom + 14, esc(store)));
            } else {
                s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                        cx, bottom + 15, esc(store)));
            }
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">store</text>%n",
                LEFT + plotWidth / 2, height - 6));
        return s.append("</svg>\n").toString();
    }

    /** Where a value sits on a chart's vertical axis, 0 at the bottom and 1 at the top, and the gridlines. */
    interface Scale {
        double position(double value);

        List<Double> ticks();

        /**
         * Decades from the one at or below {@code min} (one lower when {@code min} is within 0.3 of a decade above
         * it) to the one at or above {@code max}.
         */
        static Scale log(double min, double max) {
            // the smallest bar at least 0.3 of a decade tall: one decade lower when it is close above a power of ten
            double smallest = Math.log10(min);
            int floor = (int) Math.floor(smallest);
            int lo = smallest - floor < 0.3 ? floor - 1 : floor;
            int hi = Math.max(lo + 1, (int) Math.ceil(Math.log10(max) - 1e-9));
            return new Scale() {
                public double position(double value) {
                    return value <= 0 ? 0 : Math.max(0, (Math.log10(value) - lo) / (hi - lo));
                }

                public List<Double> ticks() {
                    List<Double> out = new ArrayList<>();
                    for (int d = lo; d <= hi; d++) {
                        out.add(Math.pow(10, d));
                    }
                    return out;
                }
            };
        }

        /** From 0 to a round number at or above {@code max}, in steps of 1, 2 or 5 times a power of ten. */
        static Scale linear(double max) {
            double top = max > 0 ? max : 1;
            double raw = top / 4;
            double power = Math.pow(10, Math.floor(Math.log10(raw)));
            double step = raw <= power ? power : raw <= 2 * power ? 2 * power : raw <= 5 * power ? 5 * power : 10 * power;
            double end = Math.ceil(top / step - 1e-9) * step;
            return new Scale() {
                public double position(double value) {
                    return Math.max(0, value / end);
                }

                public List<Double> ticks() {
                    List<Double> out = new ArrayList<>();
                    for (int i = 0; i * step <= end + 1e-9; i++) {
                        out.add(i * step);
                    }
                    return out;
                }
            };
        }
    }

    /** Converts the pipe tables and paragraphs of a Markdown fragment to HTML. */
    static String markdownTableToHtml(String markdown) {
        StringBuilder b = new StringBuilder();
        boolean inTable = false;
        boolean header = true;
        for (String line : markdown.split("\n")) {
            if (line.startsWith("|")) {
                if (line.matches("\\|[-:|]+\\|?")) {
                    continue;
                }
                if (!inTable) {
                    b.append("<table>\n");
                    inTable = true;
                    header = true;
                }
                String[] cells = line.substring(1, line.length() - 1).split("(?<!\\\\)\\|", -1);
                b.append("<tr>");
                for (String c : cells) {
                    String text = c.trim().replace("\\|", "|");
                    String tag = header ? "th" : "td";
                    String cls = text.contains("FAILED") ? " class=\"fail\"" : text.startsWith("skipped") ? " class=\"skip\""
                            : numeric(text) ? " class=\"n\"" : "";
                    b.append('<').append(tag).append(cls).append('>').append(inline(text)).append("</").append(tag).append('>');
                }
                b.append("</tr>\n");
                header = false;
            } else {
                if (inTable) {
                    b.append("</table>\n");
                    inTable = false;
                }
                if (line.startsWith("- ")) {
                    b.append("<p class=\"note\">").append(inline(line.substring(2))).append("</p>\n");
                } else if (!line.isBlank()) {
                    b.append("<p>").append(inline(line)).append("</p>\n");
                }
            }
        }
        if (inTable) {
            b.append("</table>\n");
        }
        return b.toString();
    }

    /** A figure, perhaps with its unit or mark (right-aligned), rather than words that start with a number. */
    static boolean numeric(String text) {
        return text.matches("[-+±0-9.,]+.*") && !text.matches(".*\\b(?!items\\b)[a-z]{4,}.*");
    }

    private static String inline(String text) {
        return esc(text).replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>").replaceAll("\\*(.+?)\\*", "<i>$1</i>");
    }

    static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

}
