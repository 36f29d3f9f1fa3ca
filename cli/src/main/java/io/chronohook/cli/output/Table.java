package io.chronohook.cli.output;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows of text in aligned columns, two spaces apart, headers in capitals on the first line. A cell longer than
 * {@link #WIDEST_CELL} is cut with an ellipsis (the full value is in {@code --json} and in {@code get}); the last
 * column is never padded, so lines carry no trailing spaces.
 */
public final class Table {

    static final int WIDEST_CELL = 60;
    private static final String GAP = "  ";

    private final List<String> headers;
    private final int widestCell;
    private final List<List<String>> rows = new ArrayList<>();

    private Table(List<String> headers, int widestCell) {
        this.headers = List.copyOf(headers);
        this.widestCell = widestCell;
    }

    /** A table with these column headers. */
    public static Table withHeaders(String... headers) {
        return new Table(List.of(headers), WIDEST_CELL);
    }

    /** Rows without a header line whose cells are never cut: the key-value block of one resource. */
    static Table keyValues() {
        return new Table(List.of(), Integer.MAX_VALUE);
    }

    /** A table of {@code columns} over {@code items}, one row per item. */
    public static <T> Table of(List<Column<T>> columns, Iterable<? extends T> items) {
        Table table = new Table(columns.stream().map(Column::header).toList(), WIDEST_CELL);
        for (T item : items) {
            table.row(columns.stream().map(column -> column.value(item)).toArray());
        }
        return table;
    }

    /** Adds a row; null cells show as {@value Cells#NONE}. */
    public Table row(Object... cells) {
        List<String> row = new ArrayList<>(cells.length);
        for (Object cell : cells) {
            row.add(fit(Cells.printable(cell == null ? null : cell.toString())));
        }
        rows.add(row);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public String render() {
        int columns = Math.max(headers.size(), rows.stream().mapToInt(List::size).max().orElse(0));
        int[] widths = new int[columns];
        List<List<String>> lines = new ArrayList<>();
        if (!headers.isEmpty()) {
            lines.add(headers);
        }
        lines.addAll(rows);
        for (List<String> line : lines) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], width(line.get(i)));
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> line : lines) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                String cell = line.get(i);
                text.append(cell);
                if (i < line.size() - 1) {
                    text.append(" ".repeat(widths[i] - width(cell))).append(GAP);
                }
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private String fit(String cell) {
        if (width(cell) <= widestCell) {
            return cell;
        }
        return cell.substring(0, cell.offsetByCodePoints(0, widestCell - 1)) + "…";
    }

    /** Columns are counted in code points: right for the text an API answers with, short of East Asian wide forms. */
    private static int width(String cell) {
        return cell.codePointCount(0, cell.length());
    }
}
