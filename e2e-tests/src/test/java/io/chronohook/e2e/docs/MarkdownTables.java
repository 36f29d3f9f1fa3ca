package io.chronohook.e2e.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds Markdown tables that do not render as one table (GitHub Flavoured Markdown): a block of table rows without
 * its header separator (typically the rest of a table cut off by a blank line), or a row whose cell count differs
 * from the header's. Fenced code blocks are skipped.
 */
final class MarkdownTables {

    private static final Pattern SEPARATOR = Pattern.compile("\\|?\\s*:?-{3,}:?\\s*(\\|\\s*:?-{3,}:?\\s*)*\\|?");

    private MarkdownTables() {
    }

    /** One defect: the 1-based line and what is wrong there. */
    record Problem(int line, String message) {
        @Override
        public String toString() {
            return "line " + line + ": " + message;
        }
    }

    static List<Problem> problems(List<String> lines) {
        List<Problem> problems = new ArrayList<>();
        boolean fenced = false;
        int blockStart = -1;
        for (int i = 0; i <= lines.size(); i++) {
            String line = i < lines.size() ? lines.get(i).strip() : "";
            if (line.startsWith("```") || line.startsWith("~~~")) {
                fenced = !fenced;
            }
            boolean row = !fenced && line.startsWith("|");
            if (row && blockStart < 0) {
                blockStart = i;
            } else if (!row && blockStart >= 0) {
                check(lines.subList(blockStart, i), blockStart, problems);
                blockStart = -1;
            }
        }
        return problems;
    }

    private static void check(List<String> block, int offset, List<Problem> problems) {
        if (block.size() < 2 || !SEPARATOR.matcher(block.get(1).strip()).matches()) {
            problems.add(new Problem(offset + 1, "table rows without a header and separator row: a blank line or "
                    + "other text inside a table cuts it in two"));
            return;
        }
        int columns = cells(block.getFirst());
        if (cells(block.get(1)) != columns) {
            problems.add(new Problem(offset + 2, "the separator row has " + cells(block.get(1)) + " cells, the "
                    + "header " + columns));
        }
        for (int i = 2; i < block.size(); i++) {
            int count = cells(block.get(i));
            if (count != columns) {
                problems.add(new Problem(offset + i + 1, "row of " + count + " cells in a table of " + columns
                        + " (an unescaped | inside a cell?)"));
            }
        }
    }

    /** Cells of a row: its unescaped pipes, less the leading and trailing ones. */
    static int cells(String row) {
        String text = row.strip();
        int pipes = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\\') {
                i++;
            } else if (text.charAt(i) == '|') {
                pipes++;
            }
        }
        int cells = pipes + 1;
        if (text.startsWith("|")) {
            cells--;
        }
        if (text.endsWith("|") && !text.endsWith("\\|")) {
            cells--;
        }
        return cells;
    }
}
