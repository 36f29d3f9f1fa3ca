package io.chronohook.dashboard.jobs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An RFC 7396 merge patch from one JSON object to another: members that changed, nested objects patched member by
 * member, and {@code null} for members that are gone (so the backend's default applies again).
 */
final class MergePatch {

    private MergePatch() {
    }

    /** The patch that turns {@code before} into {@code after}; empty when nothing changed. */
    static Map<String, Object> between(Map<String, Object> before, Map<String, Object> after) {
        Map<String, Object> patch = new LinkedHashMap<>();
        after.forEach((key, value) -> {
            Object old = before.get(key);
            if (old instanceof Map<?, ?> oldObject && value instanceof Map<?, ?> newObject) {
                Map<String, Object> nested = between(cast(oldObject), cast(newObject));
                if (!nested.isEmpty()) {
                    patch.put(key, nested);
                }
            } else if (!Objects.equals(old, value)) {
                patch.put(key, value);
            }
        });
        before.keySet().stream().filter(key -> !after.containsKey(key)).forEach(key -> patch.put(key, null));
        return patch;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> object) {
        return (Map<String, Object>) object;
    }
}
