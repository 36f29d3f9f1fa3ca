/** Sessions: reads the sign-in and sign-up forms and the session cookie, writes the HttpOnly cookies (session, CSRF); every signed-in page is next. */
package io.chronohook.dashboard.session;
