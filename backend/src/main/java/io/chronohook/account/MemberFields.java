package io.chronohook.account;

import io.chronohook.access.PasswordHasher;
import io.chronohook.platform.Validation;
import java.util.Locale;
import java.util.regex.Pattern;

/** The rules for a new member's email and password, shared by sign-up and by accepting an invitation. */
public final class MemberFields {

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");
    static final int MIN_PASSWORD_LENGTH = 10;

    private MemberFields() {
    }

    /** The email in lower case, or null with the problem noted in {@code validation}. */
    public static String email(Validation validation, String text) {
        String email = validation.text(text, "email", 3, 254);
        if (email == null) {
            return null;
        }
        email = email.toLowerCase(Locale.ROOT);
        validation.require(EMAIL.matcher(email).matches(), "email", "is not an email address");
        return email;
    }

    /** Notes in {@code validation} what is wrong with a new password: 10 characters to 72 bytes (bcrypt's limit). */
    public static void password(Validation validation, String password) {
        if (password == null || password.isEmpty()) {
            validation.require(false, "password", "is required");
            return;
        }
        validation.require(password.length() >= MIN_PASSWORD_LENGTH, "password",
                "must be at least " + MIN_PASSWORD_LENGTH + " characters long");
        validation.require(PasswordHasher.fits(password), "password",
                "must be at most " + PasswordHasher.MAX_BYTES + " bytes long");
    }
}
