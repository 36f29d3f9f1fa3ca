package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.DeliveryWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The figures of one benchmark run: a table for the terminal and a JSON document for files and comparisons. */
final class BenchReport {

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final Map<String, Object> figures = new LinkedHashMap<>();
    private final List<String[]> rows = new ArrayList<>();
    private long lost;
    private long duplicates;

    /** A top-level figure of the JSON document. */
    void put(String key, Object value) {
        figures.put(key, value);
    }

    /** A row of the printed table. */
    void row(String scenario, String figure, String value) {
        rows.add(new String[] {scenario, figure, value});
        System.out.printf("[bench] %-22s %-34s %s%n", scenario, figure, value);
    }

    /** Adds a measured window's lost and doubled runs to the totals over all scenarios. */
    void count(long lostRuns, long doubledRuns) {
        lost += lostRuns;
        duplicates += doubledRuns;
    }

    /** The JSON form of a measured window. */
    static Map<String, Object> window(DeliveryWindow window) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("from", window.from().toString());
        map.put("seconds", window.seconds());
        map.put("expected", window.expected());
        map.put("delivered", window.delivered());
        map.put("lost", window.lost());
        map.put("duplicates", window.duplicates());
        map.put("deliveredPerSecond", Math.round(window.deliveredPerSecond() * 10) / 10.0);
        map.put("lagP50Ms", window.lags().percentile(50));
        map.put("lagP99Ms", window.lags().percentile(99));
        map.put("lagMaxMs", window.lags().max());
        return map;
    }

    void write(Path file) throws IOException {
        figures.put("lost", lost);
        figures.put("duplicates", duplicates);
        Files.createDirectories(file.getParent());
        Files.writeString(file, JSON.writeValueAsString(figures) + "\n");
    }

    String table() {
        int[] widths = {8, 6, 5};
        for (String[] row : rows) {
            for (int i = 0; i < 3; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        String format = "| %-" + widths[0] + "s | %-" + widths[1] + "s | %" + widths[2] + "s |%n";
        StringBuilder table = new StringBuilder(String.format(format, "scenario", "figure", "value"));
        table.append(String.format(format, "-".repeat(widths[0]), "-".repeat(widths[1]), "-".repeat(widths[2])));
        for (String[] row : rows) {
            table.append(String.format(format, (Object[]) row));
        }
        table.append(String.format(format, "all", "lost (measured windows)", lost));
        table.append(String.format(format, "all", "duplicates", duplicates));
        return table.toString();
    }
}
