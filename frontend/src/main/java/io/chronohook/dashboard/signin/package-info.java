/** Sign-in, sign-up and sign-out: reads the forms, calls the public account API, writes the session cookie; the jobs pages are next. */
package io.chronohook.dashboard.signin;
