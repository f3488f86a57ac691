package dev.nosqlpatterns.benchmarks;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;


/**
 * Renders a {@link Report} as one self-contained HTML page: inline CSS and inline SVG bar charts (median
 * latency per technique, grouped by store, on a logarithmic axis so a remote store and the in-memory one
 * fit one chart), the same tables as the Markdown report, no scripts and nothing fetched from elsewhere.
 */
final class HtmlReport {
    private static final String[] COLOURS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1"};

    private HtmlReport() {
    }

    static String render(Report r) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>nosqlpatterns benchmark</title>\n")
                .append("<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:1200px;color:#222}")
                .append("table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px solid #ccc;padding:3px 7px}")
                .append("td.n{text-align:right}th{background:#f3f3f3}.fail{color:#b00;font-weight:bold}.skip{color:#888}")
                .append("svg text{font-size:11px;font-family:system-ui,sans-serif}</style></head><body>\n");
        b.append("<h1>nosqlpatterns: pattern comparison</h1>\n<p>Run ").append(esc(r.started().truncatedTo(ChronoUnit.SECONDS).toString()))
                .append(", mode <b>").append(r.settings().mode().name().toLowerCase(Locale.ROOT)).append("</b>, ")
                .append(r.duration().toSeconds()).append(" s. Every answer was checked against an oracle before it was timed.</p>\n");
        b.append("<h2>Median latency per technique</h2>\n");
        for (Report.Workload w : r.workloads()) {
            b.append("<h3>").append(esc(w.family() + ": " + w.workload())).append("</h3>\n").append(chart(r, w));
        }
        b.append("<h2>Headline</h2>\n").append(markdownTableToHtml(MarkdownReport.headline(r)));
        String md = MarkdownReport.render(r);
        for (String section : md.split("\n## ")) {
            if (section.startsWith("Headline") || section.startsWith("# ")) {
                continue;
            }
            int nl = section.indexOf('\n');
            b.append("<h2>").append(esc(section.substring(0, nl))).append("</h2>\n");
            b.append(markdownTableToHtml(section.substring(nl + 1)));
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    /** One grouped bar chart: a group per store, a bar per technique; skipped and failed bars are marked. */
    static String chart(Report r, Report.Workload w) {
        List<String> stores = r.storeNames();
        List<String> techniques = r.techniques(w);
        double max = 1;
        for (CellResult c : r.cells()) {
            if (w.matches(c) && c.stats().isPresent()) {
                max = Math.max(max, c.stats().get().p50Micros());
            }
        }
        double top = Math.ceil(Math.log10(max));
        int bar = 16;
        int groupWidth = Math.max(1, techniques.size()) * bar + 24;
        int left = 60;
        int height = 180;
        int width = left + stores.size() * groupWidth + 20;
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height + 40).append("\" role=\"img\">\n");
        for (int d = 0; d <= top; d++) {
            double y = 10 + height - height * d / Math.max(1, top);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"4\" y=\"%.1f\">%s</text>%n", left, width - 10, y, y, y + 4, esc(Report.micros(Math.pow(10, d)))));
        }
        for (int si = 0; si < stores.size(); si++) {
            int x0 = left + si * groupWidth + 12;
            for (int ti = 0; ti < techniques.size(); ti++) {
                int x = x0 + ti * bar;
                var cell = r.cell(w, techniques.get(ti), stores.get(si));
                if (cell.isPresent() && cell.get().stats().isPresent()) {
                    double v = Math.max(1, cell.get().stats().get().p50Micros());
                    double h = height * Math.log10(v) / Math.max(1, top);
                    s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                                    + "<title>%s, %s: p50 %s</title></rect>%n", x, 10 + height - h, bar - 2, Math.max(1, h),
                            COLOURS[ti % COLOURS.length], esc(stores.get(si)), esc(techniques.get(ti)), esc(Report.micros(v))));
                } else {
                    String mark = cell.map(c -> c.status() == CellResult.Status.FAILED ? "✗" : "–").orElse("–");
                    s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s<title>%s</title></text>%n", x + 3,
                            height + 6, mark.equals("✗") ? "#b00" : "#888", mark, esc(cell.map(CellResult::reason).orElse("not run"))));
                }
            }
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", x0, height + 24, esc(stores.get(si))));
        }
        s.append("</svg>\n<p>");
        for (int ti = 0; ti < techniques.size(); ti++) {
            s.append("<span style=\"color:").append(COLOURS[ti % COLOURS.length]).append("\">■</span> ")
                    .append(esc(techniques.get(ti))).append(" &nbsp; ");
        }
        return s.append("</p>\n").toString();
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
                            : text.matches("[-+±0-9.,]+.*") ? " class=\"n\"" : "";
                    b.append('<').append(tag).append(cls).append('>').append(inline(text)).append("</").append(tag).append('>');
                }
                b.append("</tr>\n");
                header = false;
            } else {
                if (inTable) {
                    b.append("</table>\n");
                    inTable = false;
                }
                if (!line.isBlank()) {
                    b.append("<p>").append(inline(line)).append("</p>\n");
                }
            }
        }
        if (inTable) {
            b.append("</table>\n");
        }
        return b.toString();
    }

    private static String inline(String text) {
        return esc(text).replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>").replaceAll("\\*(.+?)\\*", "<i>$1</i>");
    }

    static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

}
