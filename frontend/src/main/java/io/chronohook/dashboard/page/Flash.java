package io.chronohook.dashboard.page;

/** A one-line message carried across a redirect ("Job paused."), shown once at the top of the next page. */
public record Flash(Kind kind, String message) {

    /** How the message is styled. */
    public enum Kind { SUCCESS, ERROR, INFO }

    public static Flash success(String message) {
        return new Flash(Kind.SUCCESS, message);
    }

    public static Flash error(String message) {
        return new Flash(Kind.ERROR, message);
    }

    public String cssClass() {
        return "flash flash-" + kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
