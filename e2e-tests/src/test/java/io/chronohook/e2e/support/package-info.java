/** Test support: starts the real backend and dashboard jars as processes, speaks to them over HTTP and drives a headless Chromium. */
package io.chronohook.e2e.support;
