package io.chronohook.dashboard.settings;

import java.util.List;

/** A choice of how long the rotated-out secret keeps signing: an ISO-8601 duration and its words. */
public record GracePeriod(String value, String label) {

    public static final String DEFAULT = "PT24H";

    /** The choices the rotate form offers, shortest first. */
    public static final List<GracePeriod> CHOICES = List.of(
            new GracePeriod("PT0S", "None — the old secret stops signing at once"),
            new GracePeriod("PT1H", "1 hour"),
            new GracePeriod(DEFAULT, "24 hours"),
            new GracePeriod("P7D", "7 days"));
}
