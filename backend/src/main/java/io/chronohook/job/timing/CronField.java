package io.chronohook.job.timing;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.field.CronFieldName;
import com.cronutils.model.field.constraint.FieldConstraints;
import com.cronutils.model.field.expression.Always;
import com.cronutils.model.field.expression.And;
import com.cronutils.model.field.expression.Between;
import com.cronutils.model.field.expression.Every;
import com.cronutils.model.field.expression.FieldExpression;
import com.cronutils.model.field.expression.On;
import com.cronutils.model.field.expression.visitor.ValidationFieldExpressionVisitor;
import com.cronutils.model.field.value.FieldValue;
import com.cronutils.parser.CronParserField;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One field of a cron expression: checks its text, parses and validates it with cron-utils' Unix definition
 * and turns it into the set of values it allows.
 */
enum CronField {

    SECOND("second", CronFieldName.MINUTE, List.of()),
    MINUTE("minute", CronFieldName.MINUTE, List.of()),
    HOUR("hour", CronFieldName.HOUR, List.of()),
    DAY_OF_MONTH("day-of-month", CronFieldName.DAY_OF_MONTH, List.of()),
    MONTH("month", CronFieldName.MONTH,
            List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")),
    DAY_OF_WEEK("day-of-week", CronFieldName.DAY_OF_WEEK, List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"));

    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Pattern LETTERS = Pattern.compile("[A-Za-z]+");
    private static final Pattern VALUE_OUT_OF_RANGE = Pattern.compile("Value (\\d+) not in range \\[(\\d+), (\\d+)]");
    private static final Pattern STEP_OUT_OF_RANGE = Pattern.compile("Period (\\d+) not in range \\[(\\d+), (\\d+)]");
    private static final Pattern BACKWARD_RANGE = Pattern.compile("Invalid range! \\[(\\d+),(\\d+)]");

    private final String label;
    private final CronFieldName cronUtilsField;
    private final List<String> names;
    private final FieldConstraints constraints;

    CronField(String label, CronFieldName cronUtilsField, List<String> names) {
        this.label = label;
        this.cronUtilsField = cronUtilsField;
        this.names = names;
        this.constraints = CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX)
                .getFieldDefinition(cronUtilsField).getConstraints();
    }

    /**
     * The values this field's text allows; day of week folds 7 onto 0 (Sunday).
     *
     * @throws InvalidScheduleException naming this field and the problem
     */
    BitSet values(String text) {
        String numeric = toNumbers(text);
        FieldExpression expression;
        try {
            expression = new CronParserField(cronUtilsField, constraints).parse(numeric).getExpression();
            expression.accept(new ValidationFieldExpressionVisitor(constraints));
        } catch (IllegalArgumentException rejected) {
            throw invalid(explain(rejected.getMessage()));
        }
        BitSet values = new BitSet();
        collect(expression, values);
        if (this == DAY_OF_WEEK && values.get(7)) {
            values.clear(7);
            values.set(0);
        }
        return values;
    }

    InvalidScheduleException invalid(String problem) {
        return new InvalidScheduleException(label + " field: " + problem);
    }

    /** Checks the shape of every list element and replaces names with numbers, so messages can quote the tenant's text. */
    private String toNumbers(String text) {
        StringBuilder numeric = new StringBuilder();
        for (String element : text.split(",", -1)) {
            if (element.isEmpty()) {
                throw invalid("empty list element in \"" + text + "\"");
            }
            if (!numeric.isEmpty()) {
                numeric.append(',');
            }
            int slash = element.indexOf('/');
            String base = slash < 0 ? element : element.substring(0, slash);
            if (slash >= 0) {
                String step = element.substring(slash + 1);
                if (base.isEmpty()) {
                    throw invalid("a step needs * or a range before it in \"" + element + "\"");
                }
                if (step.isEmpty()) {
                    throw invalid("missing step after / in \"" + element + "\"");
                }
                if (!DIGITS.matcher(step).matches()) {
                    throw invalid("step \"" + step + "\" is not a number");
                }
                if (step.length() > 6) {
                    throw invalid("step " + step + " is out of range 1-" + constraints.getEndRange());
                }
            }
            numeric.append(baseToNumbers(base));
            if (slash >= 0) {
                numeric.append(element.substring(slash));
            }
        }
        return numeric.toString();
    }

    private String baseToNumbers(String base) {
        if (base.equals("*")) {
            return base;
        }
        String[] ends = base.split("-", -1);
        if (ends.length > 2 || ends[0].isEmpty() || (ends.length == 2 && ends[1].isEmpty())) {
            throw invalid("\"" + base + "\" is not a valid value or range");
        }
        if (ends.length == 1) {
            return String.valueOf(number(ends[0], false, false));
        }
        boolean startsOnSunday = this == DAY_OF_WEEK && ends[0].equalsIgnoreCase("SUN");
        int start = number(ends[0], true, false);
        int end = number(ends[1], true, !startsOnSunday);
        if (start > end) {
            throw invalid("range \"" + base + "\" runs backwards");
        }
        return start + "-" + end;
    }

    /** One value: a number or a name; SUN closing a range such as MON-SUN means 7, elsewhere 0. */
    private int number(String value, boolean inRange, boolean sundayIsSeven) {
        if (value.equals("*")) {
            throw invalid("* cannot be one end of a range");
        }
        if (DIGITS.matcher(value).matches()) {
            if (value.length() > 6) {
                throw invalid(value + " is out of range " + constraints.getStartRange() + "-" + constraints.getEndRange());
            }
            return Integer.parseInt(value);
        }
        if (LETTERS.matcher(value).matches()) {
            if (names.isEmpty()) {
                throw invalid("\"" + value + "\" is not a number");
            }
            int index = names.indexOf(value.toUpperCase(Locale.ROOT));
            if (index < 0) {
                throw invalid("unknown name \"" + value + "\" (use " + names.getFirst() + "-" + names.getLast()
                        + " or " + constraints.getStartRange() + "-" + constraints.getEndRange() + ")");
            }
            if (this == MONTH) {
                return index + 1;
            }
            return index == 0 && inRange && sundayIsSeven ? 7 : index;
        }
        throw invalid("\"" + value + "\" is not a valid value");
    }

    private static String explain(String cronUtilsMessage) {
        Matcher matcher = VALUE_OUT_OF_RANGE.matcher(cronUtilsMessage);
        if (matcher.find()) {
            return matcher.group(1) + " is out of range " + matcher.group(2) + "-" + matcher.group(3);
        }
        matcher = STEP_OUT_OF_RANGE.matcher(cronUtilsMessage);
        if (matcher.find()) {
            return "step " + matcher.group(1) + " is out of range 1-" + matcher.group(3);
        }
        matcher = BACKWARD_RANGE.matcher(cronUtilsMessage);
        if (matcher.find()) {
            return "range " + matcher.group(1) + "-" + matcher.group(2) + " runs backwards";
        }
        return cronUtilsMessage;
    }

    private void collect(FieldExpression expression, BitSet values) {
        int min = constraints.getStartRange();
        int max = constraints.getEndRange();
        switch (expression) {
            case Always always -> values.set(min, max + 1);
            case On on -> values.set(on.getTime().getValue());
            case Between between -> values.set(intValue(between.getFrom()), intValue(between.getTo()) + 1);
            case Every every -> {
                int step = every.getPeriod().getValue();
                int from;
                int to;
                switch (every.getExpression()) {
                    case Always always -> {
                        from = min;
                        to = max;
                    }
                    case Between between -> {
                        from = intValue(between.getFrom());
                        to = intValue(between.getTo());
                    }
                    case On on -> {
                        from = on.getTime().getValue();
                        to = max;
                    }
                    default -> throw new IllegalStateException("unexpected step base " + every.asString());
                }
                for (int value = from; value <= to; value += step) {
                    values.set(value);
                }
            }
            case And and -> and.getExpressions().forEach(part -> collect(part, values));
            default -> throw new IllegalStateException("unexpected cron expression " + expression.asString());
        }
    }

    private static int intValue(FieldValue<?> value) {
        if (value.getValue() instanceof Integer number) {
            return number;
        }
        throw new IllegalStateException("unexpected cron value " + value);
    }
}
