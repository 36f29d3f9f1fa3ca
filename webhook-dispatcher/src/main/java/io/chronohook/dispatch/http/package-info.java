/** The sender: reads a signed {@link io.chronohook.dispatch.http.OutgoingRequest}, makes one HTTP exchange over a pooled keep-alive client and writes a classified outcome; the retry planner is next. */
package io.chronohook.dispatch.http;
