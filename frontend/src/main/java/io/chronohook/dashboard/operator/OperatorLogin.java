package io.chronohook.dashboard.operator;

/** The operator sign-in form: only what went wrong (the token is never echoed back). */
public record OperatorLogin(String error) {
}
