package io.chronohook.support;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The partitions of a table that Postgres plans for a statement of the application: its named parameters replaced
 * by their values as literals, as a custom plan sees them (the application's statements are planned for their actual
 * parameters), then {@code explain}ed.
 */
public final class PlannedPartitions {

    private PlannedPartitions() {
    }

    /** A parameter's value written into the statement as it is (a typed literal, say). */
    public record Sql(String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    /** The partitions of {@code table} (named {@code table_pYYYYMMDD} and {@code table_p_default}; their indexes
     * are not counted) in the plan of {@code sql} with {@code parameters}. */
    public static Set<String> of(Connection db, String table, String sql, Map<String, Object> parameters)
            throws SQLException {
        Set<String> partitions = new TreeSet<>();
        Pattern partition = Pattern.compile("\\b(" + Pattern.quote(table) + "_p(?:\\d{8}|_default))(?!\\w)");
        for (String line : plan(db, sql, parameters)) {
            Matcher found = partition.matcher(line);
            while (found.find()) {
                partitions.add(found.group(1));
            }
        }
        return partitions;
    }

    /** The lines of the plan of {@code sql} with {@code parameters} (given as literals, {@link Sql} as it is). */
    public static List<String> plan(Connection db, String sql, Map<String, Object> parameters) throws SQLException {
        String bound = bound(sql, parameters);
        List<String> lines = new ArrayList<>();
        try (Statement statement = db.createStatement(); ResultSet plan = statement.executeQuery("explain " + bound)) {
            while (plan.next()) {
                lines.add(plan.getString(1));
            }
        }
        return lines;
    }

    /** {@code sql} with its named parameters replaced by {@code parameters} as literals ({@link Sql} as it is). */
    public static String bound(String sql, Map<String, Object> parameters) {
        String bound = sql;
        for (Map.Entry<String, Object> parameter : parameters.entrySet()) {
            Object value = parameter.getValue();
            String literal = value == null ? "null" : value instanceof Number || value instanceof Sql ? value.toString()
                    : "'" + value.toString().replace("'", "''") + "'";
            bound = bound.replaceAll(":" + parameter.getKey() + "\\b", Matcher.quoteReplacement(literal));
        }
        if (bound.matches("(?s).*[^:]:[a-zA-Z]\\w*.*")) {
            throw new IllegalArgumentException("a parameter of the statement has no value: " + bound);
        }
        return bound;
    }
}
