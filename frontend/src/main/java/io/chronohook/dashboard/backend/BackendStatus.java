package io.chronohook.dashboard.backend;

/** Whether the backend API answered its health check, with a short human-readable reason. */
public record BackendStatus(boolean up, String detail) {

    /** The backend answered and reports itself UP. */
    public static BackendStatus reachable() {
        return new BackendStatus(true, "UP");
    }

    /** The backend could not be reached or is not healthy, for the given short reason. */
    public static BackendStatus unreachable(String reason) {
        return new BackendStatus(false, reason);
    }
}
