package io.chronohook.flow;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The syntax of flow keys and of a job's key template: a key is 1-128 letters, digits, '.', '_', ':', '@' or '-',
 * starting with a letter or digit; a template is such text with {@code {labels.name}} placeholders, resolved from the
 * job's labels. {@code _default} is reserved: its settings are every key's that has none.
 */
public final class FlowKeys {

    /** The key whose settings apply to every key without its own. */
    public static final String DEFAULT = "_default";

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{labels\\.([^{}]*)}");
    private static final Pattern HOST = Pattern.compile("(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\\[[0-9a-f:.]+])"
            + "(?::[0-9]{1,5})?");

    private FlowKeys() {
    }

    /** Whether {@code key} is a key a job may name (not the reserved {@code _default}). */
    public static boolean valid(String key) {
        return key != null && KEY.matcher(key).matches();
    }

    /** Whether {@code key} may be given settings: a key, or {@code _default}. */
    public static boolean settable(String key) {
        return DEFAULT.equals(key) || valid(key);
    }

    /** Whether {@code host} is a host as runs name it: lower case, with its port when the URL has one. */
    public static boolean validHost(String host) {
        return host != null && HOST.matcher(host).matches();
    }

    /** What the syntax is, for messages. */
    public static final String SYNTAX = "1-128 letters, digits, '.', '_', ':', '@' or '-', starting with a letter or "
            + "digit";

    /** A template resolved with a job's labels; {@code error} names what is wrong (then {@code key} is null). */
    public record Resolved(String key, String error) {
    }

    /** Resolves {@code template} with {@code labels}: each {@code {labels.name}} is replaced by that label's value. */
    public static Resolved resolve(String template, Map<String, String> labels) {
        Matcher placeholder = PLACEHOLDER.matcher(template);
        StringBuilder key = new StringBuilder();
        while (placeholder.find()) {
            String label = placeholder.group(1);
            String value = labels.get(label);
            if (value == null) {
                return new Resolved(null, "names the label " + label + ", which the job does not have");
            }
            placeholder.appendReplacement(key, Matcher.quoteReplacement(value));
        }
        placeholder.appendTail(key);
        String resolved = key.toString();
        if (resolved.contains("{") || resolved.contains("}")) {
            return new Resolved(null, "may hold only {labels.name} placeholders besides the key's text");
        }
        if (!valid(resolved)) {
            return new Resolved(null, "resolves to \"" + abbreviate(resolved) + "\", which is not a key: keys are "
                    + SYNTAX);
        }
        return new Resolved(resolved, null);
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
