package io.chronohook.cli.output;

/** A block of {@code key: value} lines with the values aligned, for one resource (a job, a run). */
public final class Details {

    private final Table table = Table.keyValues();

    public static Details of() {
        return new Details();
    }

    /** Adds a line; a null value is left out (the resource has no such thing) rather than shown as a dash. */
    public Details add(String key, Object value) {
        if (value != null) {
            table.row(key + ":", value);
        }
        return this;
    }

    public String render() {
        return table.render();
    }
}
